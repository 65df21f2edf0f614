/** The two stores a backup holds: the core's index and the dashboard's store. */
export type StoreKind = 'index' | 'dashboard'

const BACKUP_FILE = /^(index|dashboard)-(\d{8}T\d{6}Z)\.db$/

/** `index-20261124T031500Z.db`: the store and the UTC second it was taken, so names sort by time. */
export function backupFileName(kind: StoreKind, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '')
  return `${kind}-${stamp}.db`
}

/** The store and time a backup's name tells; null for any other file, which pruning never touches. */
export function parseBackupFileName(name: string): { kind: StoreKind; stamp: string } | null {
  const match = BACKUP_FILE.exec(name)
  return match ? { kind: match[1] as StoreKind, stamp: match[2]! } : null
}

/** The backups beyond the newest `keep` of each store, oldest first: the ones to delete. */
export function expiredBackups(names: readonly string[], keep: number): string[] {
  const expired: string[] = []
  for (const kind of ['index', 'dashboard'] as const) {
    const ofKind = names.filter((name) => parseBackupFileName(name)?.kind === kind).sort()
    expired.push(...ofKind.slice(0, Math.max(0, ofKind.length - keep)))
  }
  return expired
}
