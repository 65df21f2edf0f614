import type { Database } from 'bun:sqlite'
import { drizzle, type BunSQLiteDatabase } from 'drizzle-orm/bun-sqlite'
import { openSqlite, type OpenOptions } from '../sqlite-file'
import * as schema from './schema'

export type Orm = BunSQLiteDatabase<typeof schema>

export interface DatabaseHandle {
  /** The raw connection, for hot paths (ingest) where prepared statements beat the query builder. */
  sqlite: Database
  orm: Orm
  close(): void
}

/** A connection to the core's index (see openSqlite), with the drizzle query builder over its schema. */
export function openDatabase(path: string, options: OpenOptions = {}): DatabaseHandle {
  const sqlite = openSqlite(path, options)
  const orm = drizzle({ client: sqlite, schema })
  return {
    sqlite,
    orm,
    close: () => sqlite.close(),
  }
}
