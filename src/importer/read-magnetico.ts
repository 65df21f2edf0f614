import { Database } from 'bun:sqlite'
import { closeSync, openSync, readSync } from 'node:fs'
import { AppError } from '../app-error'
import { DEFAULT_METAINFO_LIMITS, type MetainfoLimits } from '../metainfo'

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
  /** The first `limits.files` files; null when the torrent has none listed. */
  files: { path: string; size: number }[] | null
  /** Every file listed for the torrent, kept or not. */
  filesCount: number
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
 * Names and paths are read no longer than the limits allow (plus one character, so the parser
 * knows to mark the cut), and files past `limits.files` are counted but not held: a 50 MiB name or
 * a million-file torrent costs no more memory than a torrent at the limits.
 * Throws MagneticoDatabaseError when the file is SQLite but not magnetico's.
 */
export function openMagneticoDatabase(path: string, limits: MetainfoLimits = DEFAULT_METAINFO_LIMITS) {
  let db: Database
  try {
    db = new Database(path, { readonly: true })
    refuseViews(db)
    db.query('SELECT id, info_hash, name, total_size, discovered_on FROM torrents LIMIT 0').all()
    db.query('SELECT torrent_id, size, path FROM files LIMIT 0').all()
  } catch (err) {
    throw new MagneticoDatabaseError(`not a magnetico database (tables torrents and files): ${(err as Error).message}`, { cause: err })
  }
  type FileRow = { torrent_id: number; size: number; path: string | null }
  const torrents = db
    .query<{ id: number; info_hash: Uint8Array | string | null; name: string | null; total_size: number; discovered_on: number }, []>(
      `SELECT id, info_hash, substr(name, 1, ${limits.nameChars + 1}) AS name, total_size, discovered_on FROM torrents ORDER BY id`,
    )
    .iterate()
  // One sorted pass merged with the torrents, not a query per chunk: magnetico's schema has no
  // index on files(torrent_id) in every version, and a range query without one scans all files.
  const files = db
    .query<FileRow, []>(`SELECT torrent_id, size, substr(path, 1, ${limits.pathChars + 1}) AS path FROM files ORDER BY torrent_id, id`)
    .iterate()
  let nextFile: FileRow | undefined = files.next().value ?? undefined
  const bounds = db.query<{ last: number | null; total: number }, []>('SELECT max(id) AS last, count(*) AS total FROM torrents').get()!

  const filesOf = (torrentId: number): Pick<MagneticoRecord, 'files' | 'filesCount'> => {
    // Files of a torrent that is no longer there (magnetico deletes without cascading) are skipped.
    while (nextFile && nextFile.torrent_id < torrentId) nextFile = files.next().value ?? undefined
    const list: { path: string; size: number }[] = []
    let count = 0
    while (nextFile && nextFile.torrent_id === torrentId) {
      if (count++ < limits.files) list.push({ path: nextFile.path ?? '', size: nextFile.size })
      nextFile = files.next().value ?? undefined
    }
    return { files: list.length ? list : null, filesCount: count }
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
          ...filesOf(row.id),
          source: 'magnetico',
        })
      }
      return chunk
    },
    close: () => db.close(),
  }
}

/**
 * magnetico's torrents and files are tables. A view in their place may be anything, an endless
 * recursive one included, and SQLite reads it on this thread where no signal can stop it.
 */
function refuseViews(db: Database): void {
  const kinds = db
    .query<{ name: string; type: string }, []>("SELECT name, type FROM sqlite_schema WHERE name IN ('torrents', 'files')")
    .all()
  for (const { name, type } of kinds) if (type !== 'table') throw new Error(`${name} is a ${type}, not a table`)
}
