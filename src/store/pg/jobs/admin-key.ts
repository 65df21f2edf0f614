import type { SQL } from 'bun'
import type { AdminKeyStore } from '../../../auth'
import { pgCall } from '../pools'

/** The core_admin_key row (the table allows only id 1). */
export function createPgAdminKeyStore(sql: SQL): AdminKeyStore {
  return {
    keepFirst: pgCall(async (candidate: { key: string; createdAt: string }) => {
      // Ignored when another process inserted first; the row read back is the one kept.
      await sql`INSERT INTO core_admin_key (id, key, created_at) VALUES (1, ${candidate.key}, ${candidate.createdAt}) ON CONFLICT DO NOTHING`
      const [row] = await sql`SELECT key FROM core_admin_key WHERE id = 1`
      return row.key as string
    }),
  }
}
