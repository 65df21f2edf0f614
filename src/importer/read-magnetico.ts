import { Database } from 'bun:sqlite'
import { closeSync, openSync, readSync } from 'node:fs'
import { AppError } from '../app-error'

/** Every SQLite 3 database file starts with these 16 bytes (sqlite.org/fileformat.html, 1.3). */
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1')
/** Torrents handed on at a time; between chunks the import yields (signals, progress). */
const CHUNK_ROWS = 2_000

export class MagneticoDatabaseError extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('magnetico_database', message, options)
  }
}

/** One torrent of a magnetico database, as an import record (parseImportRecord's shape). */
export interface MagneticoRecord {
  id: number
  /** null when the row's info_hash is not 20 bytes: the caller rejects it by id. */
  infoHash: string | null
  name: string
  size: number
  publishedAt: number
  files: { path: string; size: number }[] | null
  source: 'magnetico'
}

/** True when the file at `path` starts with SQLite's header, whatever its name (.sqlite3, .db, none). */
export function isSqliteFile(path: string): boolean {
  const fd = openSync(path, 'r')
  try {
    const head = Buffer.alloc(SQLITE_HEADER.length)
    return readSync(fd, head, 0, head.length, 0) === head.length && head.equals(SQLITE_HEADER)
  } finally {
    closeSync(fd)
  }
}

/**
 * Reads magnetico's database (magneticod's schema, unchanged from boramalper's to tgragnato's
 * fork: `torrents(id, info_hash BLOB, name, total_size, discovered_on)` and
 * `files(torrent_id, size, path)`), read-only, in id order, a chunk of torrents at a time with
 * their files. Columns later versions added (`modified_on`, `updated_on`, `n_seeders`, files'
 * `is_readme`/`content`) are not needed and not read, so every version reads the same.
 * Throws MagneticoDatabaseError when the file is SQLite but not magnetico's.
 */
export function openMagneticoDatabase(path: string) {
  let db: Database
  try {
    db = new Database(path, { readonly: true })
    db.query('SELECT id, info_hash, name, total_size, discovered_on FROM torrents LIMIT 0').all()
    db.query('SELECT torrent_id, size, path FROM files LIMIT 0').all()
  } catch (err) {
    throw new MagneticoDatabaseError(`not a magnetico database (tables torrents and files): ${(err as Error).message}`, { cause: err })
  }
  type FileRow = { torrent_id: number; size: number; path: string | null }
  const torrents = db
    .query<{ id: number; info_hash: Uint8Array | string | null; name: string | null; total_size: number; discovered_on: number }, []>(
      'SELECT id, info_hash, name, total_size, discovered_on FROM torrents ORDER BY id',
    )
    .iterate()
  // One sorted pass merged with the torrents, not a query per chunk: magnetico's schema has no
  // index on files(torrent_id) in every version, and a range query without one scans all files.
  const files = db.query<FileRow, []>('SELECT torrent_id, size, path FROM files ORDER BY torrent_id, id').iterate()
  let nextFile: FileRow | undefined = files.next().value ?? undefined
  const bounds = db.query<{ last: number | null; total: number }, []>('SELECT max(id) AS last, count(*) AS total FROM torrents').get()!

  const filesOf = (torrentId: number): { path: string; size: number }[] | null => {
    // Files of a torrent that is no longer there (magnetico deletes without cascading) are skipped.
    while (nextFile && nextFile.torrent_id < torrentId) nextFile = files.next().value ?? undefined
    const list: { path: string; size: number }[] = []
    while (nextFile && nextFile.torrent_id === torrentId) {
      list.push({ path: nextFile.path ?? '', size: nextFile.size })
      nextFile = files.next().value ?? undefined
    }
    return list.length ? list : null
  }

  return {
    /** Torrents in the file, and the highest id (progress goes by id, which magnetico assigns in order). */
    total: bounds.total,
    lastId: bounds.last ?? 0,
    /** The next chunk of torrents, in id order; empty at the end. */
    readChunk(): MagneticoRecord[] {
      const chunk: MagneticoRecord[] = []
      while (chunk.length < CHUNK_ROWS) {
        const row = torrents.next().value
        if (!row) break
        chunk.push({
          id: row.id,
          infoHash: row.info_hash instanceof Uint8Array && row.info_hash.length === 20 ? Buffer.from(row.info_hash).toString('hex') : null,
          name: row.name ?? '',
          size: row.total_size,
          publishedAt: row.discovered_on,
          files: filesOf(row.id),
          source: 'magnetico',
        })
      }
      return chunk
    },
    close: () => db.close(),
  }
}
