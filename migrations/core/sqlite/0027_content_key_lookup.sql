-- From a content row to its torrents (Torznab id searches over looked-up ids): the torrents whose
-- classification has the key's (content type, lowercased title, year or 0). Partial: only titled
-- movies and series can carry a looked-up id.
CREATE INDEX torrent_classifications_content_key ON torrent_classifications (content_type, lower(title), coalesce(year, 0))
  WHERE title IS NOT NULL AND content_type IN ('movie', 'tv_show');
