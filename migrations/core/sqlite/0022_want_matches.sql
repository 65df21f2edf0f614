-- Torrents matched to a want as they were classified. The dashboard reads them after a cursor (id),
-- so ids are never reused (AUTOINCREMENT). A match outlives its want's registration: the dashboard
-- may not have read it yet. want_id has no foreign key for that reason.
CREATE TABLE want_matches (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  want_id TEXT NOT NULL,
  torrent_id INTEGER NOT NULL REFERENCES torrents (id) ON DELETE CASCADE,
  matched_at TEXT NOT NULL
);

-- One match per want and torrent (a torrent re-classified when its files arrive is not matched
-- twice); by torrent first, for the search's "wanted" flag and the cascade of a torrent delete.
CREATE UNIQUE INDEX want_matches_by_torrent ON want_matches (torrent_id, want_id);
