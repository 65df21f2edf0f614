-- Free-form labels set by rules or operators; lowercase words joined by dashes, as bitmagnet's.
CREATE TABLE torrent_tags (
  torrent_id INTEGER NOT NULL REFERENCES torrents (id) ON DELETE CASCADE,
  tag TEXT NOT NULL CHECK (tag GLOB '[a-z0-9]*' AND tag NOT GLOB '*[^a-z0-9-]*' AND length(tag) <= 64),
  PRIMARY KEY (torrent_id, tag)
) WITHOUT ROWID;
