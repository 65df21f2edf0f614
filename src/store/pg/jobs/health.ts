import type { SQL } from 'bun'
import type { HealthStore } from '../../../health'

/** One read per part; an unreachable server fails them all, a damaged table only its own. */
export function createPgHealthStore(sql: SQL): HealthStore {
  const failureOf = async (read: Promise<unknown>): Promise<string | null> => {
    try {
      await read
      return null
    } catch (err) {
      return err instanceof Error ? err.message : String(err)
    }
  }
  return {
    probe: async () => {
      const [db, torrent, queue] = await Promise.all([
        failureOf(sql`SELECT count(*) FROM schema_versions`),
        failureOf(sql`SELECT id FROM torrents LIMIT 1`),
        failureOf(sql`SELECT id FROM queue_jobs LIMIT 1`),
      ])
      return { db, torrent, queue }
    },
  }
}
