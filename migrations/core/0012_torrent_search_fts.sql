-- Full-text index over release names and parsed (or confirmed) titles; rowid = torrents.id.
-- Contentless: the text lives in torrents and torrent_classifications already, so the index holds
-- only tokens and positions (phrases need positions). unicode61 splits on every character that is
-- not a letter or digit (`.`, `_`, `-` included) and folds case and diacritics.
CREATE VIRTUAL TABLE torrent_search USING fts5(
  name, title, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2'
);

INSERT INTO torrent_search (rowid, name, title)
  SELECT t.id, t.name, coalesce(c.title, '') FROM torrents t JOIN torrent_classifications c ON c.torrent_id = t.id;

CREATE TRIGGER torrent_search_after_classify AFTER INSERT ON torrent_classifications BEGIN
  INSERT INTO torrent_search (rowid, name, title)
    SELECT id, name, coalesce(new.title, '') FROM torrents WHERE id = new.torrent_id;
END;

CREATE TRIGGER torrent_search_after_retitle AFTER UPDATE OF title ON torrent_classifications
WHEN old.title IS NOT new.title BEGIN
  DELETE FROM torrent_search WHERE rowid = old.torrent_id;
  INSERT INTO torrent_search (rowid, name, title)
    SELECT id, name, coalesce(new.title, '') FROM torrents WHERE id = new.torrent_id;
END;

CREATE TRIGGER torrent_search_before_delete BEFORE DELETE ON torrents BEGIN
  DELETE FROM torrent_search WHERE rowid = old.id;
END;
