-- Run-time overrides of settings, sent by the dashboard (GraphQL applySettings) and applied by the
-- core on the next request; kept here so they survive a restart of the core. A key without a row
-- takes its environment value. Values include API keys: they are never logged or returned.
CREATE TABLE runtime_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL
) WITHOUT ROWID;
