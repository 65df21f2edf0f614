import type { StoreFile, WrittenBackup } from './write-backup'

/** To the backup worker: one scheduled backup, then the pruning. */
export type ToBackupWorker = { type: 'backup'; stores: StoreFile[]; dir: string; keep: number; atMs: number }

export type FromBackupWorker = { type: 'done'; written: WrittenBackup[]; pruned: string[] } | { type: 'failed'; message: string }
