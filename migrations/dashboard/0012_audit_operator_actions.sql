-- A fourth kind of audit row: operator actions on the core (pausing or resuming the crawler,
-- fetching torrents by hash). SQLite cannot change a CHECK in place: the table is rebuilt with
-- its rows, index and append-only triggers (DROP TABLE runs no DELETE trigger).
CREATE TABLE audit_log_rebuilt (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL CHECK (kind IN ('setting', 'auth', 'health', 'operator')),
  key TEXT NOT NULL,
  action TEXT NOT NULL,
  -- JSON values; secrets are stored masked.
  old_value TEXT,
  new_value TEXT,
  changed_by TEXT NOT NULL,
  changed_at TEXT NOT NULL
);
INSERT INTO audit_log_rebuilt (id, kind, key, action, old_value, new_value, changed_by, changed_at)
  SELECT id, kind, key, action, old_value, new_value, changed_by, changed_at FROM audit_log;
DROP TABLE audit_log;
ALTER TABLE audit_log_rebuilt RENAME TO audit_log;
CREATE INDEX audit_log_by_kind ON audit_log (kind, id);
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
  SELECT RAISE(ABORT, 'the audit log is append-only');
END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN
  SELECT RAISE(ABORT, 'the audit log is append-only');
END;
