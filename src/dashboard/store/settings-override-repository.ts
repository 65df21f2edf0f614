import { eq } from 'drizzle-orm'
import { writeTransaction } from '../../store/sqlite-file'
import type { DashboardStore } from './open-store'
import { settingsOverrides } from './schema'

/** Owner of settings_overrides: a row exists only while its key is overridden. Values are JSON text. */
export function createSettingsOverrideRepository(store: Pick<DashboardStore, 'sqlite' | 'orm'>) {
  const { orm } = store
  return {
    all(): { key: string; value: string }[] {
      return orm.select({ key: settingsOverrides.key, value: settingsOverrides.value }).from(settingsOverrides).all()
    },
    set(key: string, value: string, updatedBy: string): void {
      const updatedAt = new Date().toISOString()
      orm
        .insert(settingsOverrides)
        .values({ key, value, updatedAt, updatedBy })
        .onConflictDoUpdate({ target: settingsOverrides.key, set: { value, updatedAt, updatedBy } })
        .run()
    },
    delete(key: string): void {
      orm.delete(settingsOverrides).where(eq(settingsOverrides.key, key)).run()
    },
    /** Runs `fn` in one write transaction, so an override and its audit row are stored together or not at all. */
    inTransaction<T>(fn: () => T): T {
      return writeTransaction(store.sqlite, fn)()
    },
  }
}

export type SettingsOverrideRepository = ReturnType<typeof createSettingsOverrideRepository>
