-- The durable job queue (re-classification today; evidence and webhooks later). A job is claimed
-- by setting a lease; a worker that dies leaves its lease to expire and the job runs again.
-- Status names are bitmagnet's: pending, retry (waiting for its backoff), processed, failed.
-- Times are Unix milliseconds: backoffs and leases are shorter than a second in tests.
CREATE TABLE queue_jobs (
  id INTEGER PRIMARY KEY,
  queue TEXT NOT NULL,
  payload TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'retry', 'processed', 'failed')),
  priority INTEGER NOT NULL DEFAULT 0,
  retries INTEGER NOT NULL DEFAULT 0,
  max_retries INTEGER NOT NULL DEFAULT 2,
  run_after INTEGER NOT NULL,
  ran_at INTEGER,
  error TEXT,
  created_at INTEGER NOT NULL,
  locked_until INTEGER
);

-- Claiming walks the runnable jobs of one queue, most urgent first.
CREATE INDEX queue_jobs_runnable ON queue_jobs (queue, status, priority DESC, run_after);
