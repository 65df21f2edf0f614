-- Where notifications are pushed (issue 33): ntfy, Gotify, a Discord webhook or a generic
-- webhook. The token is kept as the receiver needs it; answers and the audit log show it masked.
CREATE TABLE notification_targets (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('ntfy', 'gotify', 'discord', 'webhook')),
  url TEXT NOT NULL,
  token TEXT,
  -- JSON array of the notification types pushed here.
  events TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  -- The outcome of the last delivery, shown on the target in the settings page.
  last_delivered_at TEXT,
  last_failed_at TEXT,
  last_error TEXT
);
CREATE UNIQUE INDEX notification_targets_by_name ON notification_targets (name COLLATE NOCASE);
