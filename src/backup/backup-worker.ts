/**
 * The scheduled backup's thread: VACUUM INTO is synchronous in bun:sqlite and takes seconds at a
 * million torrents, which on the main thread would stall every HTTP request and the ingest.
 */
import type { FromBackupWorker, ToBackupWorker } from './messages'
import { pruneBackups, writeBackup } from './write-backup'

declare const self: Worker

self.onmessage = (event: MessageEvent<ToBackupWorker>) => {
  const order = event.data
  let reply: FromBackupWorker
  try {
    const written = writeBackup(order.stores, order.dir, new Date(order.atMs))
    reply = { type: 'done', written, pruned: pruneBackups(order.dir, order.keep) }
  } catch (err) {
    reply = { type: 'failed', message: err instanceof Error ? err.message : String(err) }
  }
  self.postMessage(reply)
}
