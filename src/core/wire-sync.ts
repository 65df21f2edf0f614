import type { Config } from '../config'
import type { LineWorkers } from '../importer'
import type { IngestPipeline } from '../ingest'
import type { Logger } from '../log'
import { createSyncFollower, type SyncCursorStore, type SyncFollower } from '../sync'

/** The follower of other instances' exports (SERVICE_SYNC_SOURCES); null when none are set. */
export function wireSync(deps: {
  config: Config
  cursors: SyncCursorStore
  pipeline: IngestPipeline
  lineWorkers: LineWorkers | null
  log: Logger
}): SyncFollower | null {
  const { sync, ingest } = deps.config
  if (sync.sources.length === 0) return null
  return createSyncFollower({
    sources: sync.sources,
    intervalMs: sync.intervalMs,
    cursors: deps.cursors,
    pipeline: deps.pipeline,
    lineWorkers: deps.lineWorkers,
    limits: ingest.limits,
    log: deps.log,
  })
}
