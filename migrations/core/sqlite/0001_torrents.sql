-- One row per torrent, keyed by its 20-byte info hash (v1 SHA-1, or the truncated v2 SHA-256 for a
-- v2-only torrent). The integer id keeps child rows and the full-text index small.
-- Times are Unix seconds (UTC).
CREATE TABLE torrents (
  id INTEGER PRIMARY KEY,
  info_hash BLOB NOT NULL UNIQUE CHECK (length(info_hash) = 20),
  info_hash_v2 BLOB CHECK (info_hash_v2 IS NULL OR length(info_hash_v2) = 32),
  name TEXT NOT NULL,
  size INTEGER NOT NULL CHECK (size >= 0),
  private INTEGER NOT NULL DEFAULT 0 CHECK (private IN (0, 1)),
  -- NULL while the file list is unknown (an import line without files).
  files_count INTEGER CHECK (files_count >= 0),
  seeders INTEGER CHECK (seeders >= 0),
  leechers INTEGER CHECK (leechers >= 0),
  -- When the torrent first became visible here; never changes, so newest-first feeds page stably.
  published_at INTEGER NOT NULL,
  -- The earliest time any source saw it; an import of an older dump can move it back.
  first_seen_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
