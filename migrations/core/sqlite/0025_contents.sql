-- The works the artwork API (TMDB v3) resolved titles to (issue 19): one row per movie or series,
-- shared by every torrent whose parsed title resolved to it. tmdb_id is TMDB's; imdb_id and
-- tvdb_id come from its external_ids. Genres are a JSON array of {id, name}.
CREATE TABLE contents (
  id INTEGER PRIMARY KEY,
  content_type TEXT NOT NULL CHECK (content_type IN ('movie', 'tv_show')),
  tmdb_id INTEGER NOT NULL,
  imdb_id TEXT,
  tvdb_id INTEGER,
  title TEXT NOT NULL,
  original_title TEXT,
  original_language TEXT,
  release_date TEXT,
  year INTEGER,
  poster_path TEXT,
  poster_url TEXT,
  overview TEXT,
  genres TEXT NOT NULL DEFAULT '[]',
  popularity REAL,
  vote_average REAL,
  vote_count INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  -- tmdb_id first: Torznab's tmdbid= seeks it. TMDB numbers movies and series separately.
  UNIQUE (tmdb_id, content_type)
);

-- Torznab's imdbid= and tvdbid= seek these.
CREATE INDEX contents_imdb_id ON contents (imdb_id) WHERE imdb_id IS NOT NULL;
CREATE INDEX contents_tvdb_id ON contents (tvdb_id) WHERE tvdb_id IS NOT NULL;
