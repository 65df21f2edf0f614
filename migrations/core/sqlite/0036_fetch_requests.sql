-- Fetches asked for by hash or magnet (GraphQL fetchTorrents, the dashboard's form, cli fetch):
-- one row per info hash, its state (queued, searching, found, not_found) and the magnet's hints,
-- kept so the requests and their outcome are still listed after a restart, and the ones still
-- open are taken up again. Times are Unix milliseconds.
CREATE TABLE fetch_requests (
  info_hash BLOB PRIMARY KEY,
  name TEXT,
  state TEXT NOT NULL CHECK (state IN ('queued', 'searching', 'found', 'not_found')),
  detail TEXT,
  peers TEXT NOT NULL,
  trackers TEXT NOT NULL,
  requested_at_ms INTEGER NOT NULL,
  updated_at_ms INTEGER NOT NULL,
  deadline_at_ms INTEGER NOT NULL
);
-- The list the dashboard and GraphQL show, newest first.
CREATE INDEX fetch_requests_by_time ON fetch_requests (requested_at_ms);
