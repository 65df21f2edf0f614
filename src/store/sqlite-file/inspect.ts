import { Database } from 'bun:sqlite'

/** What an SQLite file holds: its tables, its schema version and what the integrity check says. */
export type SqliteFileInspection =
  | { status: 'unopenable' | 'unreadable'; reason: string }
  | { status: 'read'; tables: Set<string>; schemaVersion: number; problems: string[] }

/** Reads `file` read-only; a file with no schema_versions table is at version 0. */
export function inspectSqliteFile(file: string): SqliteFileInspection {
  let sqlite: Database
  try {
    sqlite = new Database(file, { readonly: true, strict: true })
  } catch (err) {
    return { status: 'unopenable', reason: (err as Error).message }
  }
  try {
    let results: string[]
    try {
      results = sqlite
        .query<{ integrity_check: string }, []>('PRAGMA integrity_check')
        .all()
        .map((row) => row.integrity_check)
    } catch (err) {
      return { status: 'unreadable', reason: (err as Error).message }
    }
    const problems = results.length === 1 && results[0] === 'ok' ? [] : results
    const tables = new Set(
      sqlite
        .query<{ name: string }, []>("SELECT name FROM sqlite_schema WHERE type = 'table'")
        .all()
        .map((row) => row.name),
    )
    const schemaVersion = tables.has('schema_versions')
      ? (sqlite.query<{ version: number | null }, []>('SELECT max(version) AS version FROM schema_versions').get()!.version ?? 0)
      : 0
    return { status: 'read', tables, schemaVersion, problems }
  } finally {
    sqlite.close(true)
  }
}
