-- The scores SQLite keeps as REAL (8 bytes) were `real` (4 bytes) in 0001: an evidence score or a
-- confidence read back differed from the one computed (-0.8 came back -0.800000011920929).
ALTER TABLE torrents ALTER COLUMN evidence_score TYPE double precision;
ALTER TABLE torrent_classifications ALTER COLUMN confidence TYPE double precision;
