-- What the *arr clients said about a torrent (evidence issue): how often it was grabbed, and a
-- score that failed downloads lower and ranking reads. Both start at zero.
ALTER TABLE torrents ADD COLUMN grabs INTEGER NOT NULL DEFAULT 0 CHECK (grabs >= 0);
ALTER TABLE torrents ADD COLUMN evidence_score REAL NOT NULL DEFAULT 0;
