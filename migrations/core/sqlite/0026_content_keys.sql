-- The artwork lookups: one row per (content type, lowercased parsed title, year or 0) the
-- classifier gave a movie or TV torrent. It is the backlog (pending, drained grabbed-first then
-- newest-first) and the cache (resolved to a contents row, or not_found, rechecked after 7 days),
-- so a title is looked up once whatever number of torrents carry it. Times are Unix seconds.
CREATE TABLE content_keys (
  content_type TEXT NOT NULL,
  title TEXT NOT NULL,
  year INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'resolved', 'not_found')),
  content_id INTEGER REFERENCES contents (id),
  grabbed INTEGER NOT NULL DEFAULT 0,
  newest_at INTEGER NOT NULL,
  checked_at INTEGER,
  PRIMARY KEY (content_type, title, year)
) WITHOUT ROWID;

CREATE INDEX content_keys_backlog ON content_keys (grabbed DESC, newest_at DESC) WHERE status = 'pending';
CREATE INDEX content_keys_recheck ON content_keys (checked_at) WHERE status = 'not_found';
CREATE INDEX content_keys_content ON content_keys (content_id) WHERE content_id IS NOT NULL;

-- Where feeding the backlog stands. fed_through: the highest torrent id whose title was fed
-- (null until a key was first set); backfill_before: the backfill of the torrents indexed before
-- that walks ids below it, newest first (0 once done). artwork_enabled: whether a key is set now,
-- read by the search threads (no coverurl without a key).
CREATE TABLE enrichment_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  artwork_enabled INTEGER NOT NULL DEFAULT 0,
  fed_through INTEGER,
  backfill_before INTEGER
);
INSERT INTO enrichment_state (id) VALUES (1);
