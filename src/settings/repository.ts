import { type DatabaseHandle, schema, writeTransaction } from '../db'
import type { SettingEntry } from './model'

const { runtimeSettings } = schema

/** The runtime_settings table: the overrides in force, one row per key. */
export function createSettingsRepository(db: DatabaseHandle) {
  const { orm } = db
  return {
    load(): SettingEntry[] {
      return orm.select({ key: runtimeSettings.key, value: runtimeSettings.value }).from(runtimeSettings).all()
    },
    /** The whole set at once: a reader (or a crash) sees the old set or the new one, never a mix. */
    replaceAll: writeTransaction(db.sqlite, (entries: SettingEntry[], updatedAt: string): void => {
      orm.delete(runtimeSettings).run()
      if (entries.length)
        orm
          .insert(runtimeSettings)
          .values(entries.map((entry) => ({ ...entry, updatedAt })))
          .run()
    }),
  }
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>
