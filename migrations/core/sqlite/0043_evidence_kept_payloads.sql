-- The reports that still keep their body, oldest first: what the retention prunes to its facts
-- when the kept bodies pass SERVICE_EVIDENCE_PAYLOAD_BUDGET, without walking the pruned ones.
CREATE INDEX evidence_with_payload ON evidence (id) WHERE payload <> '';
