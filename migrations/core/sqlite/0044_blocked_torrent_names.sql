-- The release name of a torrent an operator deleted, so the block list says what each blocked
-- hash was and the operator can judge whether to lift it. Null for banned content (its name is
-- not kept: it is what a banned-content rule matched) and for blocks made before this column.
ALTER TABLE blocked_torrents ADD COLUMN name TEXT;
