-- What an *arr client confirmed about a torrent it imported. Keyed by info hash, not torrent id:
-- evidence may arrive before the crawler has the torrent, and the label must wait for it.
CREATE TABLE ground_truth_labels (
  info_hash BLOB PRIMARY KEY CHECK (length(info_hash) = 20),
  content_type TEXT NOT NULL,
  title TEXT,
  year INTEGER,
  seasons TEXT NOT NULL DEFAULT '[]',
  episodes TEXT NOT NULL DEFAULT '[]',
  imdb_id TEXT,
  tmdb_id INTEGER,
  tvdb_id INTEGER,
  tvmaze_id INTEGER,
  -- The client instance that confirmed it, e.g. 'sonarr-main'.
  labelled_by TEXT NOT NULL,
  labelled_at INTEGER NOT NULL
) WITHOUT ROWID;
