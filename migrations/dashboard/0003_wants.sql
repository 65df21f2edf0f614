-- Operator-defined search targets (spec 2.1, DESIGN.md 3.2-3.3).
CREATE TABLE wants (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  content_type TEXT NOT NULL,
  query TEXT NOT NULL,
  priority INTEGER NOT NULL CHECK (priority BETWEEN 0 AND 100),
  status TEXT NOT NULL CHECK (status IN ('active', 'paused', 'fulfilled')),
  notes TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  -- The torrent that fulfilled it, when the indexer did.
  fulfilled_by TEXT
);
CREATE INDEX wants_by_title_query ON wants (title, query);
