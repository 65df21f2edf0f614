import type { SQL } from 'bun'
import { MigrationError } from '../errors'
import type { Migration, MigrationResult } from '../sqlite-file'

/**
 * Any constant both sides agree on: every process of a deployment migrates under this session
 * lock, so two processes starting at once never apply a migration twice.
 */
const MIGRATION_LOCK = 7_361_001

/**
 * Applies every migration newer than the database, each in its own transaction with its
 * `schema_versions` row (all or nothing), holding an advisory lock on one reserved connection so
 * that processes starting together take turns; the second finds the work done.
 */
export async function migratePg(sql: SQL, migrations: readonly Migration[]): Promise<MigrationResult> {
  const session = await sql.reserve()
  try {
    await session`SELECT pg_advisory_lock(${MIGRATION_LOCK})`
    try {
      await session`CREATE TABLE IF NOT EXISTS schema_versions (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at text NOT NULL
      )`
      const current = await currentPgVersion(session)
      const newest = migrations.at(-1)?.version ?? 0
      if (current > newest) {
        throw new MigrationError(
          `version ${current}`,
          `the database is newer than this build (which knows up to ${newest}); restore a backup or upgrade`,
        )
      }
      const applied: string[] = []
      for (const migration of migrations.filter((m) => m.version > current)) {
        try {
          await session.begin(async (tx) => {
            await tx.unsafe(migration.sql)
            await tx`INSERT INTO schema_versions (version, name, applied_at) VALUES (${migration.version}, ${migration.name}, ${new Date().toISOString()})`
          })
        } catch (err) {
          throw new MigrationError(migration.name, err instanceof Error ? err.message : String(err), { cause: err })
        }
        applied.push(migration.name)
      }
      return { applied, version: await currentPgVersion(session) }
    } finally {
      await session`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`
    }
  } finally {
    session.release()
  }
}

export async function currentPgVersion(sql: SQL): Promise<number> {
  const [row] = await sql`SELECT max(version) AS version FROM schema_versions`
  return row?.version === null || row?.version === undefined ? 0 : Number(row.version)
}
