-- Full-text index over release names and parsed (or confirmed) titles; rowid = torrents.id.
-- Contentless: the text lives in torrents and torrent_classifications already, so the index holds
-- only tokens and positions (phrases need positions). unicode61 splits on every character that is
-- not a letter or digit (`.`, `_`, `-` included) and folds case and diacritics.
--
-- The third column, `facts`, holds tokens made from the classification rather than from the
-- text, so that the filters Torznab clients send with nearly every search are posting lists to
-- intersect instead of rows to read one by one:
--   c<category>      every Torznab category (a parent with its sub-categories)
--   s<season>        every season the release holds
--   e<episode>       every episode number (absolute numbering included)
--   s<season>e<ep>   every season/episode pair
--   s<season>pack    a season without episode numbers: a season pack
--   d<yyyymmdd>      the air date of a daily show, and y<yyyy> its year
-- src/search/facts.ts builds the query side of these tokens; the two must agree.
CREATE VIRTUAL TABLE torrent_search USING fts5(
  name, title, facts, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2'
);

-- What torrent_search holds for each classified torrent, in one place for the backfill and the triggers.
CREATE VIEW torrent_search_source AS
SELECT
  t.id AS id,
  t.name AS name,
  coalesce(c.title, '') AS title,
  concat_ws(' ',
    (SELECT group_concat('c' || value, ' ') FROM json_each(c.categories)),
    (SELECT group_concat('s' || value, ' ') FROM json_each(c.seasons)),
    (SELECT group_concat('e' || value, ' ') FROM json_each(c.episodes)),
    (SELECT group_concat('s' || s.value || 'e' || e.value, ' ') FROM json_each(c.seasons) s, json_each(c.episodes) e),
    CASE WHEN json_array_length(c.episodes) = 0 THEN (SELECT group_concat('s' || value || 'pack', ' ') FROM json_each(c.seasons)) END,
    CASE WHEN c.air_date IS NOT NULL THEN 'd' || replace(c.air_date, '-', '') || ' y' || substr(c.air_date, 1, 4) END
  ) AS facts
FROM torrents t JOIN torrent_classifications c ON c.torrent_id = t.id;

INSERT INTO torrent_search (rowid, name, title, facts) SELECT id, name, title, facts FROM torrent_search_source;

CREATE TRIGGER torrent_search_after_classify AFTER INSERT ON torrent_classifications BEGIN
  INSERT INTO torrent_search (rowid, name, title, facts)
    SELECT id, name, title, facts FROM torrent_search_source WHERE id = new.torrent_id;
END;

CREATE TRIGGER torrent_search_after_reclassify
AFTER UPDATE OF title, categories, seasons, episodes, air_date ON torrent_classifications
WHEN old.title IS NOT new.title OR old.categories IS NOT new.categories OR old.seasons IS NOT new.seasons
  OR old.episodes IS NOT new.episodes OR old.air_date IS NOT new.air_date BEGIN
  DELETE FROM torrent_search WHERE rowid = old.torrent_id;
  INSERT INTO torrent_search (rowid, name, title, facts)
    SELECT id, name, title, facts FROM torrent_search_source WHERE id = new.torrent_id;
END;

CREATE TRIGGER torrent_search_before_delete BEFORE DELETE ON torrents BEGIN
  DELETE FROM torrent_search WHERE rowid = old.id;
END;
