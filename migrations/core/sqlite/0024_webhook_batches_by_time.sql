-- The dashboard lists outbound batches newest first, all of them or those of one status (failed,
-- every few seconds); one batch is cut per SERVICE_EVIDENCE_BATCH_SIZE torrents, so the table grows.
CREATE INDEX evidence_webhook_batches_by_time ON evidence_webhook_batches (created_at);
CREATE INDEX evidence_webhook_batches_by_status ON evidence_webhook_batches (status, created_at);
