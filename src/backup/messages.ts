import type { StoreConfig } from '../config'
import type { StoreKind } from './backup-names'

/** A store's file to back up. */
export interface StoreFile {
  kind: StoreKind
  path: string
}

export interface WrittenBackup {
  kind: StoreKind
  path: string
  bytes: number
  ms: number
}

/** To the backup worker: one scheduled backup, then the pruning; `store` is where the thread reaches the store files from. */
export type ToBackupWorker = { type: 'backup'; store: StoreConfig; stores: StoreFile[]; dir: string; keep: number; atMs: number }

export type FromBackupWorker = { type: 'done'; written: WrittenBackup[]; pruned: string[] } | { type: 'failed'; message: string }
