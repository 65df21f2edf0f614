import type { JobHandler, QueueService, WorkerRegistry } from '../queue'

/** One worker per queue, each listed in the registry (GraphQL `workers`, the health check) while it runs. */
export function runQueueWorkers(queue: QueueService, handlers: Record<string, JobHandler>, workers: WorkerRegistry) {
  const running = Object.entries(handlers).map(([name, handler]) => {
    workers.set(`queue:${name}`, true)
    return { name, worker: queue.runWorker({ queue: name, handler }) }
  })
  return {
    async stop(): Promise<void> {
      await Promise.all(
        running.map(async ({ name, worker }) => {
          await worker.stop()
          workers.set(`queue:${name}`, false)
        }),
      )
    },
  }
}
