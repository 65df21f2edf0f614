-- Where this index has got to in each export it follows (SERVICE_SYNC_SOURCES): the cursor after
-- the last page it committed, so a restart resumes there instead of reading the source again.
-- Keyed by the source's URL with its key hidden, so rotating the key keeps the place and no key
-- is stored. Owned by src/sync.
CREATE TABLE sync_cursors (
  source TEXT PRIMARY KEY,
  cursor TEXT NOT NULL,
  updated_at INTEGER NOT NULL
) WITHOUT ROWID;
