-- When the crawler last read the torrent's swarm with a BEP 33 scrape (Unix seconds), 0 before
-- any check: the scheduled re-check walks torrents oldest check first through the index below,
-- so its next batch is one seek at 10M rows. 0 rather than NULL keeps never-checked torrents at
-- the front of that order and the walk a plain range; readers show 0 as "never" (null).
ALTER TABLE torrents ADD COLUMN swarm_checked_at INTEGER NOT NULL DEFAULT 0;
CREATE INDEX torrents_swarm_checked ON torrents (swarm_checked_at);
