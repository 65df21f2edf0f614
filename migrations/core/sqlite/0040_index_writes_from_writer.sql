-- The category feed keys (0011) and the full-text row (0012) of a classified torrent are written
-- by the classification store (src/torrents/classification-store.ts) in the same transaction as
-- the classification, from values it already holds in JS: the triggers re-read the row and walked
-- four json_each views per torrent, about half of an import's time on the one writer. Existing
-- rows stay as they are. The delete triggers on torrents stay: every delete path (eviction,
-- operator deletes, banned content) keeps them in step without knowing about them.
DROP TRIGGER torrent_categories_after_classify;
DROP TRIGGER torrent_categories_after_reclassify;
DROP TRIGGER torrent_search_after_classify;
DROP TRIGGER torrent_search_after_reclassify;
