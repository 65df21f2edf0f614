/**
 * The scheduled backup's thread: a snapshot of a million-torrent index takes seconds and holds its
 * thread, which on the main thread would stall every HTTP request and the ingest.
 */
import { runBackupOrder, type ToBackupWorker } from '../../backup'
import { storeFiles } from '../../store'

declare const self: Worker

self.onmessage = async (event: MessageEvent<ToBackupWorker>) => {
  self.postMessage(await runBackupOrder(event.data, storeFiles(event.data.store)))
}
