import { resolveAdminKey } from '../auth'
import type { StoreConfig } from '../config'
import type { Logger } from '../log'
import { openStore } from '../store'

/** The core admin key in force for this index (CORE_ADMIN_KEY, else the one kept in it, made if none is). */
export async function readAdminKey(config: StoreConfig, configured: string | undefined, log: Logger): Promise<string> {
  if (configured) return configured
  const store = await openStore(config, { log })
  try {
    return await resolveAdminKey(store.adminKey, undefined)
  } finally {
    await store.close()
  }
}
