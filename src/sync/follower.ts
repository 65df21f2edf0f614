import { setTimeout as wait } from 'node:timers/promises'
import { hideUrlSecrets } from '../config'
import { createImportSession, ExportPullError, type LineWorkers, pullExport } from '../importer'
import type { IngestPipeline } from '../ingest'
import type { Logger } from '../log'
import type { MetainfoLimits } from '../metainfo'
import type { SyncCursorStore } from './model'

export interface SyncFollowerDeps {
  /** SERVICE_SYNC_SOURCES: export URLs with their keys. */
  sources: readonly string[]
  /** SERVICE_SYNC_INTERVAL: between two pulls of a source, and before a failed one is tried again. */
  intervalMs: number
  cursors: SyncCursorStore
  pipeline: IngestPipeline
  lineWorkers: LineWorkers | null
  limits: MetainfoLimits
  log: Logger
}

/**
 * Follows other instances' exports: each source is pulled to its end at start and every
 * `intervalMs` after, from the cursor kept for it, through an import session (the rules, wants
 * and block list apply as to any import). A page's cursor is kept once its lines are committed,
 * so a restart carries on after the last page committed. A source that fails is logged and tried
 * again after the interval; the others go on. Sources are named in logs and rows with their keys
 * hidden (hideUrlSecrets), which is also what the cursor is kept under: a new key keeps the place.
 */
export function createSyncFollower(deps: SyncFollowerDeps) {
  const log = deps.log.child({ component: 'sync' })
  const stopping = new AbortController()
  const runs: Promise<void>[] = []

  const pullOnce = async (url: string, source: string) => {
    const session = createImportSession({
      pipeline: deps.pipeline,
      lineWorkers: deps.lineWorkers,
      limits: deps.limits,
      onRejected: (rejection) => log.debug('sync line rejected', { ...rejection }),
    })
    const report = await pullExport(url, {
      session,
      after: await deps.cursors.read(source),
      onPage: ({ resumeCursor }) => deps.cursors.save(source, resumeCursor, Math.floor(Date.now() / 1000)),
      stop: stopping.signal,
    })
    const fields = { source, pages: report.pages, ...session.summary }
    // A pull that brought nothing is the common case every interval: not worth a line at info.
    if (fields.imported + fields.updated + fields.rejected > 0) log.info('sync source pulled', fields)
    else log.debug('sync source pulled', fields)
  }

  const follow = async (url: string) => {
    const source = sourceKeyOf(url)
    while (!stopping.signal.aborted) {
      try {
        await pullOnce(url, source)
      } catch (err) {
        if (err instanceof ExportPullError)
          log.warn('sync source failed, trying again later', { source, reason: err.message, retryInMs: deps.intervalMs })
        else log.error('sync pull failed, trying again later', { source, err, retryInMs: deps.intervalMs })
      }
      await wait(deps.intervalMs, undefined, { signal: stopping.signal }).catch(() => {})
    }
  }

  return {
    start(): void {
      log.info('following exports', { sources: deps.sources.map(sourceKeyOf), intervalMs: deps.intervalMs })
      for (const url of deps.sources) runs.push(follow(url))
    },
    /** Ends the pulls: a page being read stops at its last complete line, its cursor not kept. */
    async stop(): Promise<void> {
      stopping.abort()
      await Promise.all(runs)
    },
  }
}

export type SyncFollower = ReturnType<typeof createSyncFollower>

/** A source as it is named in logs and keyed in sync_cursors: its URL without cursor, page size or key. */
export function sourceKeyOf(url: string): string {
  const target = new URL(url)
  target.searchParams.delete('after')
  target.searchParams.delete('limit')
  return hideUrlSecrets(target.href)
}
