import type { EvidenceConfig } from '../config'
import type { DatabaseHandle } from '../db'
import { createEvidenceJobs, type EvidenceJobs, type EvidenceObserver } from '../evidence'
import type { Logger } from '../log'
import { createReprocessHandlers, type TorrentStore } from '../torrents'
import { createQueueRepository, createQueueService, type QueueRepository, type QueueService, type WorkerRegistry } from '../queue'

export interface RunningQueue {
  repository: QueueRepository
  queue: QueueService
  evidence: EvidenceJobs
  stop(): Promise<void>
}

/**
 * The queue and its workers in the service process: leases left by a previous run are released
 * (its workers are gone), then one worker per queue starts and is listed in the registry.
 */
export function startQueue(deps: {
  db: DatabaseHandle
  torrents: TorrentStore
  evidence: EvidenceConfig
  /** A grab reported by an *arr app: the crawler refreshes that torrent's swarm. */
  onGrab?: (infoHash: string) => void
  observeEvidence?: EvidenceObserver
  workers: WorkerRegistry
  log: Logger
}): RunningQueue {
  const log = deps.log.child({ component: 'queue' })
  const repository = createQueueRepository(deps.db)
  const released = repository.releaseLeases()
  if (released > 0) log.info('released the leases of a previous run', { jobs: released })
  const queue = createQueueService({ repository, log })
  const evidence = createEvidenceJobs({
    db: deps.db,
    torrents: deps.torrents,
    queue,
    config: deps.evidence,
    onGrab: deps.onGrab,
    observe: deps.observeEvidence,
    log: deps.log,
  })
  const handlers = {
    ...createReprocessHandlers({ reclassifier: deps.torrents.reclassifier, enqueue: (job) => queue.enqueue(job) }),
    ...evidence.handlers,
  }
  const running = Object.entries(handlers).map(([name, handler]) => {
    deps.workers.set(`queue:${name}`, true)
    return { name, worker: queue.runWorker({ queue: name, handler }) }
  })
  return {
    repository,
    queue,
    evidence,
    async stop() {
      evidence.stop()
      await Promise.all(
        running.map(async ({ name, worker }) => {
          await worker.stop()
          deps.workers.set(`queue:${name}`, false)
        }),
      )
    },
  }
}
