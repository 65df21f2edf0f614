-- Torrents per content type, kept by triggers so that the dashboard's figures and /metrics read a
-- dozen rows instead of counting millions (a count(*) walks a whole index: about a second at 10M).
-- 'unknown' holds the torrents without a classification. A torrent counts there from its insert
-- until its classification arrives (in the same ingest transaction), and again if the
-- classification goes, so the rows always add up to the number of torrents. A delete cascades to
-- the classification (moving the torrent to 'unknown') before the torrents trigger takes it out.
CREATE TABLE torrent_counts (
  content_type TEXT PRIMARY KEY,
  torrents INTEGER NOT NULL
) WITHOUT ROWID;

INSERT INTO torrent_counts (content_type, torrents) VALUES ('unknown', 0);
INSERT INTO torrent_counts (content_type, torrents)
  SELECT coalesce(c.content_type, 'unknown'), count(*)
  FROM torrents t LEFT JOIN torrent_classifications c ON c.torrent_id = t.id
  WHERE true GROUP BY 1
  ON CONFLICT (content_type) DO UPDATE SET torrents = excluded.torrents;

CREATE TRIGGER torrent_counts_after_insert AFTER INSERT ON torrents BEGIN
  UPDATE torrent_counts SET torrents = torrents + 1 WHERE content_type = 'unknown';
END;

CREATE TRIGGER torrent_counts_after_delete AFTER DELETE ON torrents BEGIN
  UPDATE torrent_counts SET torrents = torrents - 1 WHERE content_type = 'unknown';
END;

CREATE TRIGGER torrent_counts_after_classify AFTER INSERT ON torrent_classifications BEGIN
  UPDATE torrent_counts SET torrents = torrents - 1 WHERE content_type = 'unknown';
  INSERT INTO torrent_counts (content_type, torrents) VALUES (new.content_type, 1)
    ON CONFLICT (content_type) DO UPDATE SET torrents = torrents + 1;
END;

CREATE TRIGGER torrent_counts_after_reclassify AFTER UPDATE OF content_type ON torrent_classifications
WHEN old.content_type IS NOT new.content_type BEGIN
  UPDATE torrent_counts SET torrents = torrents - 1 WHERE content_type = old.content_type;
  INSERT INTO torrent_counts (content_type, torrents) VALUES (new.content_type, 1)
    ON CONFLICT (content_type) DO UPDATE SET torrents = torrents + 1;
END;

CREATE TRIGGER torrent_counts_after_unclassify AFTER DELETE ON torrent_classifications BEGIN
  UPDATE torrent_counts SET torrents = torrents - 1 WHERE content_type = old.content_type;
  UPDATE torrent_counts SET torrents = torrents + 1 WHERE content_type = 'unknown';
END;
