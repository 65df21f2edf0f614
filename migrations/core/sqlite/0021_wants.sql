-- The wants the dashboard has registered (its active ones; GraphQL registerWants replaces the set):
-- a newly classified torrent of the content type whose name holds every word of the query is a match.
CREATE TABLE wants (
  id TEXT PRIMARY KEY,
  query TEXT NOT NULL,
  content_type TEXT NOT NULL
) WITHOUT ROWID;
