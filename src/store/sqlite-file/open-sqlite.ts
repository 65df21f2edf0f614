import { Database } from 'bun:sqlite'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'

export interface OpenOptions {
  readonly?: boolean
  /** The connection's page cache (16 MiB unless given): each search thread sizes its own (SERVICE_SEARCH_CACHE_MB). */
  cacheSizeMb?: number
}

/**
 * Opens (creating if needed) a SQLite file in WAL mode: readers never wait for the ingest writer,
 * and `synchronous=NORMAL` keeps every committed transaction across a process crash (only an OS
 * crash may lose the last commits), which is the durability a crawler index needs. Both stores
 * (the core's index and the dashboard's) open their files here.
 */
export function openSqlite(path: string, options: OpenOptions = {}): Database {
  if (!options.readonly && path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const sqlite = options.readonly
    ? new Database(path, { readonly: true, strict: true })
    : new Database(path, { create: true, strict: true })
  if (!options.readonly) sqlite.run('PRAGMA journal_mode = WAL')
  sqlite.run('PRAGMA synchronous = NORMAL')
  // A second process (the CLI importing while the service runs) waits instead of failing at once.
  sqlite.run('PRAGMA busy_timeout = 5000')
  sqlite.run('PRAGMA foreign_keys = ON')
  sqlite.run('PRAGMA temp_store = MEMORY')
  // Checkpoint every 64 MiB of WAL instead of SQLite's 4 MiB: bulk imports rewrite the same hot
  // index pages in every batch, and copying them back to the main file after each batch cost a
  // fifth of the import time (bench/ingest.ts: 18k -> 22k torrents/s). The size limit shrinks
  // the WAL file back afterwards.
  sqlite.run('PRAGMA wal_autocheckpoint = 16384')
  sqlite.run('PRAGMA journal_size_limit = 67108864')
  // 16 MiB page cache: enough for the hot index pages, small enough for a NAS. Pages past it are
  // read again from the OS's file cache, which holds them once for every connection.
  sqlite.run(`PRAGMA cache_size = -${Math.round((options.cacheSizeMb ?? 16) * 1024)}`)
  return sqlite
}
