-- Sessions ended before their token expires (POST /logout): a signed token stays valid until its
-- exp, so the dashboard remembers which ones it no longer takes. A row is needed only until that
-- exp; later rows are pruned. The token is kept as its SHA-256, never as itself.
CREATE TABLE ended_sessions (
  token_hash TEXT PRIMARY KEY,
  expires_at TEXT NOT NULL
);
CREATE INDEX ended_sessions_by_expiry ON ended_sessions (expires_at);
