-- Tags set by classification rules are replaced on re-classification; an operator's are kept.
ALTER TABLE torrent_tags ADD COLUMN by_rule INTEGER NOT NULL DEFAULT 0 CHECK (by_rule IN (0, 1));
