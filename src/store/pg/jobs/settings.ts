import type { SQL } from 'bun'
import type { SettingEntry, SettingsStore } from '../../../settings'
import { pgCall } from '../pools'
import type { ChangeFeed } from './changes'

/** The runtime_settings table: the overrides in force, one row per key, told to the other processes. */
export function createPgSettingsStore(sql: SQL, changes: ChangeFeed): SettingsStore {
  return {
    load: pgCall(async (): Promise<SettingEntry[]> => {
      const rows: { key: string; value: string }[] = await sql`SELECT key, value FROM runtime_settings`
      return rows.map(({ key, value }) => ({ key, value }))
    }),
    replaceAll: pgCall(async (entries: readonly SettingEntry[], updatedAt: string) => {
      await sql.begin(async (tx) => {
        // Replacements take turns, as SQLite's one writer makes them: the second's DELETE then sees
        // the first's rows, where it would otherwise miss them and its INSERT hit their keys.
        // Readers are not blocked.
        await tx`LOCK TABLE runtime_settings IN SHARE ROW EXCLUSIVE MODE`
        await tx`DELETE FROM runtime_settings`
        if (entries.length > 0)
          await tx`INSERT INTO runtime_settings (key, value, updated_at)
            SELECT key, value, ${updatedAt} FROM unnest(${entries.map((entry) => entry.key)}::text[], ${entries.map((entry) => entry.value)}::text[]) AS e (key, value)`
        await changes.announce(tx, 'settings')
      })
    }),
    onExternalChange: (listener) => changes.on('settings', listener),
  }
}
