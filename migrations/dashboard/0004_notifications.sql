-- Notifications (DESIGN.md 3.12). dedupe_key makes a repeated poll of the core create none twice.
CREATE TABLE notifications (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  type TEXT NOT NULL CHECK (type IN ('want_fulfilled', 'webhook_delivery_failed', 'crawler_warning')),
  message TEXT NOT NULL,
  read INTEGER NOT NULL DEFAULT 0 CHECK (read IN (0, 1)),
  created_at TEXT NOT NULL,
  dedupe_key TEXT UNIQUE
);
CREATE INDEX notifications_by_read ON notifications (read, id);
