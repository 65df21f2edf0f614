-- Each torrent under each of its Torznab categories, ordered for newest-first feeds: a feed for
-- `cat=5030,5040` walks two ranges of this key instead of filtering every torrent. Kept in step
-- with torrent_classifications.categories by triggers, so every write path (ingest, reclassify,
-- rerank, delete) maintains it in its own transaction. torrents.published_at never changes.
CREATE TABLE torrent_categories (
  category INTEGER NOT NULL,
  published_at INTEGER NOT NULL,
  torrent_id INTEGER NOT NULL,
  PRIMARY KEY (category, published_at, torrent_id)
) WITHOUT ROWID;

INSERT INTO torrent_categories (category, published_at, torrent_id)
  SELECT j.value, t.published_at, t.id
  FROM torrent_classifications c JOIN torrents t ON t.id = c.torrent_id, json_each(c.categories) j;

CREATE TRIGGER torrent_categories_after_classify AFTER INSERT ON torrent_classifications BEGIN
  INSERT INTO torrent_categories (category, published_at, torrent_id)
    SELECT j.value, t.published_at, t.id FROM torrents t, json_each(new.categories) j WHERE t.id = new.torrent_id;
END;

CREATE TRIGGER torrent_categories_after_reclassify AFTER UPDATE OF categories ON torrent_classifications
WHEN old.categories IS NOT new.categories BEGIN
  DELETE FROM torrent_categories
    WHERE torrent_id = old.torrent_id
      AND published_at = (SELECT published_at FROM torrents WHERE id = old.torrent_id)
      AND category IN (SELECT value FROM json_each(old.categories));
  INSERT INTO torrent_categories (category, published_at, torrent_id)
    SELECT j.value, t.published_at, t.id FROM torrents t, json_each(new.categories) j WHERE t.id = new.torrent_id;
END;

-- BEFORE, so the classification (and its categories) is still there to say which keys to remove.
CREATE TRIGGER torrent_categories_before_delete BEFORE DELETE ON torrents BEGIN
  DELETE FROM torrent_categories
    WHERE published_at = old.published_at AND torrent_id = old.id
      AND category IN (SELECT value FROM json_each(coalesce((SELECT categories FROM torrent_classifications WHERE torrent_id = old.id), '[]')));
END;
