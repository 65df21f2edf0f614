import type { SettingEntry, SettingsStore } from '../../settings'
import type { DatabaseHandle } from './open-database'
import { asPortMethods, neverCalled } from './port-call'
import * as schema from './schema'
import { writeTransaction } from '../sqlite-file'

const { runtimeSettings } = schema

/** The runtime_settings table: the overrides in force, one row per key. */
export function createSqliteSettingsStore(db: DatabaseHandle): SettingsStore {
  const { orm } = db
  const methods = {
    load(): SettingEntry[] {
      return orm.select({ key: runtimeSettings.key, value: runtimeSettings.value }).from(runtimeSettings).all()
    },
    replaceAll: writeTransaction(db.sqlite, (entries: readonly SettingEntry[], updatedAt: string): void => {
      orm.delete(runtimeSettings).run()
      if (entries.length)
        orm
          .insert(runtimeSettings)
          .values(entries.map((entry) => ({ ...entry, updatedAt })))
          .run()
    }),
  }
  return { ...asPortMethods(methods), onExternalChange: neverCalled }
}
