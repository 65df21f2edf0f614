import { eq } from 'drizzle-orm'
import type { StoreOrm } from './open-store'
import { dashboardState } from './schema'

/** The names of the values kept in dashboard_state; one place, so no two features share a name by accident. */
export type StateKey =
  | 'sso_jwt_secret'
  | 'dashboard_api_key'
  | 'session_epoch'
  | 'want_match_cursor'
  | 'crawler_warning'
  | 'demo_seed'
  | 'tmdb_image_base'

/** Small named values kept across restarts (owner of dashboard_state). */
export function createStateRepository(orm: StoreOrm) {
  return {
    get(key: StateKey): string | undefined {
      return orm.select({ value: dashboardState.value }).from(dashboardState).where(eq(dashboardState.key, key)).get()?.value
    },
    set(key: StateKey, value: string): void {
      const updatedAt = new Date().toISOString()
      orm
        .insert(dashboardState)
        .values({ key, value, updatedAt })
        .onConflictDoUpdate({ target: dashboardState.key, set: { value, updatedAt } })
        .run()
    },
    delete(key: StateKey): void {
      orm.delete(dashboardState).where(eq(dashboardState.key, key)).run()
    },
  }
}

export type StateRepository = ReturnType<typeof createStateRepository>
