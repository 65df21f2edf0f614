-- Info hashes a rule deleted (banned content): never stored again, never fetched again.
CREATE TABLE blocked_torrents (
  info_hash BLOB PRIMARY KEY CHECK (length(info_hash) = 20),
  rule_id TEXT NOT NULL,
  blocked_at INTEGER NOT NULL
) WITHOUT ROWID;
