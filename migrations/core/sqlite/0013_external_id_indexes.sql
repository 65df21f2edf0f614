-- Torznab id searches (tvdbid=, imdbid=, tmdbid=, tvmazeid=). Only confirmed torrents carry ids,
-- so partial indexes stay as small as the set of labelled torrents.
CREATE INDEX torrent_classifications_imdb_id ON torrent_classifications (imdb_id) WHERE imdb_id IS NOT NULL;
CREATE INDEX torrent_classifications_tmdb_id ON torrent_classifications (tmdb_id) WHERE tmdb_id IS NOT NULL;
CREATE INDEX torrent_classifications_tvdb_id ON torrent_classifications (tvdb_id) WHERE tvdb_id IS NOT NULL;
CREATE INDEX torrent_classifications_tvmaze_id ON torrent_classifications (tvmaze_id) WHERE tvmaze_id IS NOT NULL;
