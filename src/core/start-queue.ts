import { createReclassifier, createReprocessHandlers, type Classifier } from '../classify'
import type { DatabaseHandle } from '../db'
import type { Logger } from '../log'
import { createQueueRepository, createQueueService, type QueueRepository, type QueueService, type WorkerRegistry } from '../queue'

export interface RunningQueue {
  repository: QueueRepository
  queue: QueueService
  stop(): Promise<void>
}

/**
 * The queue and its workers in the service process: leases left by a previous run are released
 * (its workers are gone), then one worker per queue starts and is listed in the registry.
 */
export function startQueue(deps: { db: DatabaseHandle; classifier: Classifier; batchSize: number; workers: WorkerRegistry; log: Logger }): RunningQueue {
  const log = deps.log.child({ component: 'queue' })
  const repository = createQueueRepository(deps.db.sqlite)
  const released = repository.releaseLeases()
  if (released > 0) log.info('released the leases of a previous run', { jobs: released })
  const queue = createQueueService({ repository, log })
  const reclassifier = createReclassifier({ db: deps.db.sqlite, classifier: deps.classifier, batchSize: deps.batchSize })
  const handlers = createReprocessHandlers({ reclassifier, enqueue: (job) => queue.enqueue(job) })
  const running = Object.entries(handlers).map(([name, handler]) => {
    deps.workers.set(`queue:${name}`, true)
    return { name, worker: queue.runWorker({ queue: name, handler }) }
  })
  return {
    repository,
    queue,
    async stop() {
      await Promise.all(
        running.map(async ({ name, worker }) => {
          await worker.stop()
          deps.workers.set(`queue:${name}`, false)
        }),
      )
    },
  }
}
