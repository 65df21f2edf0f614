-- Torrents the storage cap (SERVICE_STORAGE_LIMIT) evicted, remembered so that the crawler does
-- not fetch their metadata again. Only the first 8 bytes of the info hash, as the integer key:
-- the row is its rowid alone (about 10 bytes, where the 20-byte hash with a time would take 40).
-- Info hashes are SHA-1 output, so a million evicted torrents share a prefix with a new hash
-- about once in 2^44 lookups; a false match only keeps the crawler from one torrent. An import
-- still stores an evicted torrent: the operator asked for it.
CREATE TABLE evicted_torrents (
  hash_prefix INTEGER PRIMARY KEY
);
