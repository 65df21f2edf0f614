-- Operator overrides of allowlisted settings (spec 2.1); a row exists only while overridden.
CREATE TABLE settings_overrides (
  key TEXT PRIMARY KEY,
  -- The value as JSON (a string or a boolean).
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  updated_by TEXT NOT NULL
);
