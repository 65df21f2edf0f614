-- The number of evidence reports (duplicates included), kept by triggers: the dashboard shows it
-- every few seconds, and counting the table walks all of it. One row.
CREATE TABLE evidence_count (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  reports INTEGER NOT NULL
);

INSERT INTO evidence_count (id, reports) SELECT 1, count(*) FROM evidence;

CREATE TRIGGER evidence_count_after_insert AFTER INSERT ON evidence BEGIN
  UPDATE evidence_count SET reports = reports + 1 WHERE id = 1;
END;

CREATE TRIGGER evidence_count_after_delete AFTER DELETE ON evidence BEGIN
  UPDATE evidence_count SET reports = reports - 1 WHERE id = 1;
END;
