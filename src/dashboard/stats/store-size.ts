import { statSync } from 'node:fs'

/**
 * The dashboard store's size on disk, its WAL included: the dashboard measures its own file (the
 * core may run on another host), for the overview beside the core's index.
 */
export function createStoreSize(path: string): () => number | null {
  const sizeOf = (file: string): number | null => statSync(file, { throwIfNoEntry: false })?.size ?? null
  return () => {
    const main = sizeOf(path)
    return main === null ? null : main + (sizeOf(`${path}-wal`) ?? 0)
  }
}
