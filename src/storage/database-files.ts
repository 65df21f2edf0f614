import { statSync } from 'node:fs'

/** Bytes of a file, or null when there is none (a WAL checkpointed away, a store on another host). */
export function fileBytes(path: string): number | null {
  try {
    return statSync(path).size
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw err
  }
}

/** The core database on disk: the main file and its write-ahead log, which grows between checkpoints. */
export function measureDatabaseFiles(path: string): { databaseBytes: number; walBytes: number } {
  return { databaseBytes: fileBytes(path) ?? 0, walBytes: fileBytes(`${path}-wal`) ?? 0 }
}
