-- What the *arr clients reported (evidence issue). info_hash is NULL when the report named no
-- torrent (a usenet download); torrent rows need not exist yet, so there is no foreign key.
-- Times are UTC RFC 3339 with milliseconds, so they compare as text.
CREATE TABLE evidence (
  id INTEGER PRIMARY KEY,
  info_hash BLOB CHECK (info_hash IS NULL OR length(info_hash) = 20),
  instance TEXT NOT NULL,
  client TEXT NOT NULL CHECK (client IN ('sonarr', 'radarr', 'lidarr', 'readarr', 'whisparr', 'other')),
  event TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('grab', 'download', 'import')),
  result TEXT NOT NULL CHECK (result IN ('success', 'failed', 'duplicate')),
  occurred_at TEXT NOT NULL,
  received_at TEXT NOT NULL,
  payload TEXT NOT NULL
);
CREATE INDEX evidence_by_torrent ON evidence (info_hash, received_at);
-- The burst check: the same (instance, type, info hash) within 60 s.
CREATE INDEX evidence_by_report ON evidence (instance, type, info_hash, received_at);
CREATE INDEX evidence_by_time ON evidence (received_at);

-- Outbound webhook: batches of newly classified torrents, by torrent id range, in order.
CREATE TABLE evidence_webhook_batches (
  batch_id TEXT PRIMARY KEY,
  first_torrent_id INTEGER NOT NULL,
  last_torrent_id INTEGER NOT NULL,
  items INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  created_at TEXT NOT NULL,
  finished_at TEXT
) WITHOUT ROWID;

-- The last torrent id put into a batch; one row.
CREATE TABLE evidence_webhook_cursor (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  last_torrent_id INTEGER NOT NULL
);
