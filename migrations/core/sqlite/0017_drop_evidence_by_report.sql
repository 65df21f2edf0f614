-- The repeat check now matches (client kind, type, info hash) under any instance name, which
-- evidence_by_torrent (info_hash, received_at) serves; this index only cost every report a write.
DROP INDEX evidence_by_report;
