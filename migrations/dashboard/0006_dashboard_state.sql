-- Small named values the dashboard keeps across restarts: the generated session secret, a rotated
-- dashboard API key, cursors over the core's lists, the demo seed's counts.
CREATE TABLE dashboard_state (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
