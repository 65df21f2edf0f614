-- The cached classification of each torrent (never recomputed per request). List-valued fields
-- are JSON arrays; categories are the Torznab ids, each sub-category with its parent.
CREATE TABLE torrent_classifications (
  torrent_id INTEGER PRIMARY KEY REFERENCES torrents (id) ON DELETE CASCADE,
  content_type TEXT NOT NULL,
  categories TEXT NOT NULL,
  confidence REAL NOT NULL CHECK (confidence BETWEEN 0 AND 1),
  -- 'confirmed' when a ground-truth label decided, 'pending' when only rules did.
  status TEXT NOT NULL CHECK (status IN ('pending', 'confirmed')),
  fired_rules TEXT NOT NULL,
  title TEXT,
  year INTEGER,
  seasons TEXT NOT NULL,
  episodes TEXT NOT NULL,
  air_date TEXT,
  resolution TEXT,
  source TEXT,
  modifiers TEXT NOT NULL,
  video_codec TEXT,
  video_3d TEXT,
  hdr TEXT NOT NULL,
  audio_codecs TEXT NOT NULL,
  audio_channels TEXT,
  languages TEXT NOT NULL,
  release_group TEXT,
  editions TEXT NOT NULL,
  imdb_id TEXT,
  tmdb_id INTEGER,
  tvdb_id INTEGER,
  tvmaze_id INTEGER,
  classified_at INTEGER NOT NULL
);

CREATE INDEX torrent_classifications_content_type ON torrent_classifications (content_type);
