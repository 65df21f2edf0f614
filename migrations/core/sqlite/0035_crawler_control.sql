-- The operator's pause of the DHT crawler (GraphQL setCrawlerPaused, the dashboard's switch), one
-- row, so a paused crawler stays paused across a restart. No row: crawling (the default).
-- SERVICE_DHT_SCHEDULE's quiet hours are configuration, not stored here.
CREATE TABLE crawler_control (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  paused INTEGER NOT NULL CHECK (paused IN (0, 1)),
  changed_at TEXT NOT NULL
);
