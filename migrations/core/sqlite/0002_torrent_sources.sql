-- Where a torrent came from (the DHT crawler, an import, ...), with each source's own publish time.
CREATE TABLE sources (
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL UNIQUE CHECK (key GLOB '[a-z0-9]*' AND length(key) BETWEEN 1 AND 64),
  name TEXT NOT NULL
);

INSERT INTO sources (key, name) VALUES ('dht', 'DHT'), ('import', 'Import');

CREATE TABLE torrent_sources (
  torrent_id INTEGER NOT NULL REFERENCES torrents (id) ON DELETE CASCADE,
  source_id INTEGER NOT NULL REFERENCES sources (id),
  published_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (torrent_id, source_id)
) WITHOUT ROWID;
