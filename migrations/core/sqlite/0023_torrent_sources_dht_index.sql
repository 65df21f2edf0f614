-- When the crawler last stored a torrent (the dashboard's lastCrawlAt), read once at start:
-- max(published_at) of the dht rows, one seek here instead of a walk of every source row.
-- Partial, so imports write nothing to it. Source 'dht' is id 1: the first row 0002 inserted.
CREATE INDEX torrent_sources_dht_published ON torrent_sources (published_at) WHERE source_id = 1;
