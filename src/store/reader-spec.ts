/**
 * What a thread opens its own reader of the index from: plain data, sent to the thread in a
 * message. SQLite: the index file, and the page cache the thread's connection may keep (the
 * engine's own tuning, so it travels with the spec). Issue 36 adds PostgreSQL's.
 */
export type ReaderSpec = { engine: 'sqlite'; path: string; cacheSizeMb: number }
