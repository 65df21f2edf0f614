-- Newest-first feeds without a category (Prowlarr's Test, RSS through Prowlarr): walked backwards,
-- this gives published_at DESC, id DESC, a stable order for paging.
CREATE INDEX torrents_published_at ON torrents (published_at);
