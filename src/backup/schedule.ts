import { readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { StoreConfig } from '../config'
import type { Logger } from '../log'
import { backupFileName, parseBackupFileName } from './backup-names'
import type { FromBackupWorker, StoreFile, ToBackupWorker } from './messages'

export interface BackupSchedule {
  dir: string
  intervalMs: number
  keep: number
  stores: StoreFile[]
  /** Where the backup thread reaches the store files from. */
  store: StoreConfig
  /** The backup thread's entry point, which answers each ToBackupWorker order. */
  workerUrl: string
  log: Logger
  nowMs?: () => number
}

/**
 * Scheduled backups inside the running service (SERVICE_BACKUP_DIR): one every interval, timed
 * from the newest backup already in the folder, so a service that restarts often does not take
 * one at every start, and one that was down past its time takes it at once. Each runs in a worker
 * thread; a failure is logged as an error (the operator must act: disk, permissions) and the
 * next one is tried an interval later.
 */
export function startBackupSchedule(schedule: BackupSchedule) {
  const nowMs = schedule.nowMs ?? (() => Date.now())
  const { log } = schedule
  let timer: ReturnType<typeof setTimeout> | undefined
  let current: { worker: Worker; atMs: number; done: () => void } | null = null
  let stopped = false

  const newestBackupMs = (): number | null => {
    let newest: string | null = null
    try {
      for (const name of readdirSync(schedule.dir)) {
        const stamp = parseBackupFileName(name)?.stamp
        if (stamp && (newest === null || stamp > newest)) newest = stamp
      }
    } catch {
      return null
    }
    return newest === null ? null : Date.parse(newest.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'))
  }

  const runOnce = (): Promise<void> =>
    new Promise((resolve) => {
      const worker = new Worker(schedule.workerUrl)
      const startedAtMs = nowMs()
      current = { worker, atMs: startedAtMs, done: resolve }
      worker.onmessage = (event: MessageEvent<FromBackupWorker>) => {
        const reply = event.data
        if (reply.type === 'done')
          log.info('backup written', {
            files: reply.written.map((file) => file.path),
            bytes: reply.written.reduce((sum, file) => sum + file.bytes, 0),
            ms: nowMs() - startedAtMs,
            pruned: reply.pruned,
          })
        else log.error('backup failed', { dir: schedule.dir, reason: reply.message })
        worker.terminate()
        resolve()
      }
      worker.onerror = (event) => {
        event.preventDefault()
        log.error('backup failed', { dir: schedule.dir, reason: event.message })
        worker.terminate()
        resolve()
      }
      worker.postMessage({
        type: 'backup',
        store: schedule.store,
        stores: schedule.stores,
        dir: schedule.dir,
        keep: schedule.keep,
        atMs: startedAtMs,
      } satisfies ToBackupWorker)
    })

  const scheduleNext = (delayMs: number) => {
    if (stopped) return
    timer = setTimeout(() => {
      void runOnce().finally(() => {
        current = null
        scheduleNext(schedule.intervalMs)
      })
    }, delayMs)
  }

  const newest = newestBackupMs()
  const firstDelayMs = newest === null ? 0 : Math.max(0, newest + schedule.intervalMs - nowMs())
  log.info('backups scheduled', { dir: schedule.dir, everyMs: schedule.intervalMs, keep: schedule.keep, firstInMs: firstDelayMs })
  scheduleNext(firstDelayMs)

  return {
    /**
     * No new backup starts, and one in progress is cut short (at a million torrents it would
     * outlast a container's stop timeout): its partial files are removed, so no half copy is left.
     */
    stop(): void {
      stopped = true
      clearTimeout(timer)
      if (!current) return
      current.worker.terminate()
      for (const store of schedule.stores)
        rmSync(join(schedule.dir, `${backupFileName(store.kind, new Date(current.atMs))}.partial`), { force: true })
      log.warn('backup cut short by the shutdown', { dir: schedule.dir })
      current.done()
    },
  }
}
