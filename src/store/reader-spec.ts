/**
 * What a thread opens its own reader of the index from: plain data, sent to the thread in a
 * message. SQLite: the index file, and the page cache the thread's connection may keep (the
 * engine's own tuning, so it travels with the spec). PostgreSQL: the primary's URL and the
 * standbys a reader may use instead (none: the primary), and the connections it may open.
 */
export type ReaderSpec = SqliteReaderSpec | PgReaderSpec

export interface SqliteReaderSpec {
  engine: 'sqlite'
  path: string
  cacheSizeMb: number
}

export interface PgReaderSpec {
  engine: 'postgres'
  url: string
  readUrls: string[]
  maxConnections: number
}
