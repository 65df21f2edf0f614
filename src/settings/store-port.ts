import type { SettingEntry } from './model'

/** Where the core's run-time setting overrides are kept. */
export interface SettingsStore {
  load(): Promise<SettingEntry[]>
  /** The whole set at once: a reader (or a crash) sees the old set or the new one, never a mix. */
  replaceAll(entries: readonly SettingEntry[], updatedAt: string): Promise<void>
  /** Told when another process replaced the set; a store one process writes never calls it. */
  onExternalChange(listener: () => void): () => void
}
