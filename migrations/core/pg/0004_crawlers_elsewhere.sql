-- Each crawler process's latest status (SERVICE_ROLE=crawler), as JSON text, with when it reported
-- (Unix ms): the `api` processes show the crawl from it. Owned by src/dht's CrawlerControlStore.
CREATE TABLE crawler_reports (
  crawler_id text PRIMARY KEY,
  status text NOT NULL,
  reported_at bigint NOT NULL
);

-- The storage cap's "full" message, set by the worker process that runs the cap for the crawler
-- processes to pause on. NULL: there is room.
ALTER TABLE crawler_control ADD COLUMN storage_full text;
