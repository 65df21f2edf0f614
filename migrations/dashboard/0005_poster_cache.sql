-- Artwork lookups (DESIGN.md 5.6), found or not found, kept 7 days.
CREATE TABLE poster_cache (
  media_type TEXT NOT NULL CHECK (media_type IN ('movie', 'tv')),
  external_id TEXT NOT NULL,
  -- NULL: the artwork API had no such title (or no poster for it).
  poster_url TEXT,
  fetched_at TEXT NOT NULL,
  PRIMARY KEY (media_type, external_id)
);
