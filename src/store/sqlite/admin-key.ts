import type { AdminKeyStore } from '../../auth'
import type { DatabaseHandle } from './open-database'
import { asPortMethods } from './port-call'
import * as schema from './schema'

const { coreAdminKey } = schema

/** The core_admin_key row (the table allows only id 1). */
export function createSqliteAdminKeyStore(db: DatabaseHandle): AdminKeyStore {
  const { orm } = db
  return asPortMethods({
    keepFirst(candidate: { key: string; createdAt: string }): string {
      // Ignored when another process inserted first; the row read back is the one kept.
      orm
        .insert(coreAdminKey)
        .values({ id: 1, ...candidate })
        .onConflictDoNothing()
        .run()
      return orm.select({ key: coreAdminKey.key }).from(coreAdminKey).get()!.key
    },
  })
}
