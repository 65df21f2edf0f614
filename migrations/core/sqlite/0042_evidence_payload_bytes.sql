-- Bytes of webhook bodies kept with evidence reports, kept by triggers beside the report count:
-- the retention (SERVICE_EVIDENCE_PAYLOAD_BUDGET) reads it after every report without a walk of
-- the table.
ALTER TABLE evidence_count ADD COLUMN payload_bytes INTEGER NOT NULL DEFAULT 0;

UPDATE evidence_count SET payload_bytes = (SELECT CAST(total(octet_length(payload)) AS INTEGER) FROM evidence) WHERE id = 1;

CREATE TRIGGER evidence_payload_bytes_after_insert AFTER INSERT ON evidence BEGIN
  UPDATE evidence_count SET payload_bytes = payload_bytes + octet_length(NEW.payload) WHERE id = 1;
END;

CREATE TRIGGER evidence_payload_bytes_after_delete AFTER DELETE ON evidence BEGIN
  UPDATE evidence_count SET payload_bytes = payload_bytes - octet_length(OLD.payload) WHERE id = 1;
END;

CREATE TRIGGER evidence_payload_bytes_after_update AFTER UPDATE OF payload ON evidence BEGIN
  UPDATE evidence_count SET payload_bytes = payload_bytes + octet_length(NEW.payload) - octet_length(OLD.payload) WHERE id = 1;
END;
