import { randomBytes } from 'node:crypto'
import { type DatabaseHandle, schema } from '../db'
import { constantTimeEqual } from './api-key'

const { coreAdminKey } = schema

/** The header the dashboard's core client puts the core admin key in. */
export const ADMIN_KEY_HEADER = 'x-core-admin-key'

/**
 * The core admin key in force: CORE_ADMIN_KEY when set, else the one kept in the core database,
 * made (32 random bytes, 64 hex characters) the first time. The insert is ignored when another
 * process made one first, and the row is read back, so processes sharing a database agree.
 */
export function resolveAdminKey(db: DatabaseHandle, configured: string | undefined): string {
  if (configured) return configured
  db.orm
    .insert(coreAdminKey)
    .values({ id: 1, key: randomBytes(32).toString('hex'), createdAt: new Date().toISOString() })
    .onConflictDoNothing()
    .run()
  return db.orm.select({ key: coreAdminKey.key }).from(coreAdminKey).get()!.key
}

/** Whether the request carries the admin key (constant-time). */
export function hasAdminKey(request: Request, adminKey: string): boolean {
  const presented = request.headers.get(ADMIN_KEY_HEADER)
  return presented !== null && constantTimeEqual(presented, adminKey)
}
