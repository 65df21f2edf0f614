-- The files of a torrent, padding files (BEP 47) left out. file_index is the position in the
-- metainfo's own list, so it stays valid for clients that select files by index.
-- file_type is one of video, audio, archive, document, image, executable, subtitle, other. It is
-- not CHECKed: the ingest writer is its only author, and the check doubled the cost of a file row.
CREATE TABLE torrent_files (
  torrent_id INTEGER NOT NULL REFERENCES torrents (id) ON DELETE CASCADE,
  file_index INTEGER NOT NULL,
  path TEXT NOT NULL,
  size INTEGER NOT NULL,
  extension TEXT,
  file_type TEXT NOT NULL,
  PRIMARY KEY (torrent_id, file_index)
) WITHOUT ROWID;
