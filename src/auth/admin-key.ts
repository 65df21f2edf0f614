import { randomBytes } from 'node:crypto'
import { constantTimeEqual } from './api-key'
import type { AdminKeyStore } from './store-port'

/** The header the dashboard's core client puts the core admin key in. */
export const ADMIN_KEY_HEADER = 'x-core-admin-key'

/**
 * The core admin key in force: CORE_ADMIN_KEY when set, else the one kept in the core index,
 * made (32 random bytes, 64 hex characters) the first time. A key another process kept first
 * wins, so processes sharing an index agree.
 */
export async function resolveAdminKey(store: AdminKeyStore, configured: string | undefined): Promise<string> {
  if (configured) return configured
  return store.keepFirst({ key: randomBytes(32).toString('hex'), createdAt: new Date().toISOString() })
}

/** Whether the request carries the admin key (constant-time). */
export function hasAdminKey(request: Request, adminKey: string): boolean {
  const presented = request.headers.get(ADMIN_KEY_HEADER)
  return presented !== null && constantTimeEqual(presented, adminKey)
}
