-- Each crawler process's latest status (SERVICE_ROLE=crawler on a shared index), as JSON, with
-- when it reported (Unix ms): the `api` processes show the crawl from it. A single process keeps
-- its crawler's status in memory and writes nothing here. Owned by src/dht's CrawlerControlStore.
CREATE TABLE crawler_reports (
  crawler_id TEXT PRIMARY KEY,
  status TEXT NOT NULL,
  reported_at INTEGER NOT NULL
) WITHOUT ROWID;

-- The storage cap's "full" message when the worker that runs the cap is not in the crawler's
-- process (SERVICE_ROLE=worker): the crawler processes pause on it. NULL: there is room.
ALTER TABLE crawler_control ADD COLUMN storage_full TEXT;
