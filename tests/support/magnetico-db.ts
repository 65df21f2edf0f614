/**
 * A magnetico database as magneticod writes it: its schema (boramalper/magnetico's, with the
 * columns and the full-text table tgragnato's fork added later), filled with given torrents.
 */
import { Database } from 'bun:sqlite'

export interface MagneticoTorrent {
  /** 20 bytes normally; another length stands for a damaged row. */
  infoHash: Uint8Array
  name: string
  totalSize: number
  discoveredOn: number
  files: { path: string; size: number }[]
}

const SCHEMA = `
CREATE TABLE torrents (
  id INTEGER PRIMARY KEY,
  info_hash BLOB NOT NULL UNIQUE,
  name TEXT NOT NULL,
  total_size INTEGER NOT NULL CHECK(total_size > 0),
  discovered_on INTEGER NOT NULL CHECK(discovered_on > 0),
  updated_on INTEGER CHECK (updated_on > 0) DEFAULT NULL,
  n_seeders INTEGER CHECK ((updated_on IS NOT NULL AND n_seeders >= 0) OR (updated_on IS NULL AND n_seeders IS NULL)) DEFAULT NULL,
  n_leechers INTEGER CHECK ((updated_on IS NOT NULL AND n_leechers >= 0) OR (updated_on IS NULL AND n_leechers IS NULL)) DEFAULT NULL,
  modified_on INTEGER NOT NULL CHECK (modified_on >= discovered_on AND (updated_on IS NOT NULL OR modified_on >= updated_on)) DEFAULT 1
);
CREATE TABLE files (
  id INTEGER PRIMARY KEY,
  torrent_id INTEGER REFERENCES torrents ON DELETE CASCADE ON UPDATE RESTRICT,
  size INTEGER NOT NULL,
  path TEXT NOT NULL,
  is_readme INTEGER CHECK (is_readme IS NULL OR is_readme=1) DEFAULT NULL,
  content TEXT CHECK ((content IS NULL AND is_readme IS NULL) OR (content IS NOT NULL AND is_readme=1)) DEFAULT NULL
);
CREATE INDEX info_hash_index ON torrents (info_hash);
CREATE INDEX file_info_hash_index ON files (torrent_id);
CREATE VIRTUAL TABLE torrents_idx USING fts5(name, content='torrents', content_rowid='id', tokenize="porter unicode61 separators ' !""#$%&''()*+,-./:;<=>?@[\\]^_\`{|}~'");
`

/** Writes `torrents` into a new magnetico database at `path`, ids in the order given. */
export function writeMagneticoDatabase(path: string, torrents: Iterable<MagneticoTorrent>): void {
  const db = new Database(path, { create: true })
  db.exec(SCHEMA)
  const insertTorrent = db.query(
    'INSERT INTO torrents (info_hash, name, total_size, discovered_on, modified_on) VALUES (?, ?, ?, ?, ?) RETURNING id',
  )
  const insertFile = db.query('INSERT INTO files (torrent_id, size, path) VALUES (?, ?, ?)')
  db.transaction(() => {
    for (const torrent of torrents) {
      const { id } = insertTorrent.get(torrent.infoHash, torrent.name, torrent.totalSize, torrent.discoveredOn, torrent.discoveredOn) as {
        id: number
      }
      for (const file of torrent.files) insertFile.run(id, file.size, file.path)
    }
  })()
  db.close()
}
