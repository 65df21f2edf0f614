import { count } from 'drizzle-orm'
import type { HealthStore } from '../../health'
import type { DatabaseHandle } from './open-database'
import * as schema from './schema'

const { schemaVersions, torrents, queueJobs } = schema

/** One read per part; a closed or unreadable file fails them all, a damaged table only its own. */
export function createSqliteHealthStore(db: DatabaseHandle): HealthStore {
  const { orm } = db
  const failureOf = (read: () => unknown): string | null => {
    try {
      read()
      return null
    } catch (err) {
      return err instanceof Error ? err.message : String(err)
    }
  }
  return {
    probe: async () => ({
      db: failureOf(() => orm.select({ n: count() }).from(schemaVersions).get()),
      torrent: failureOf(() => orm.select({ id: torrents.id }).from(torrents).limit(1).get()),
      queue: failureOf(() => orm.select({ id: queueJobs.id }).from(queueJobs).limit(1).get()),
    }),
  }
}
