/**
 * The registry behind GraphQL `workers.listAll`: every long-running part of the service (queue
 * workers, ingest, classifier, later the crawler) under a stable key, and whether it runs.
 */
export function createWorkerRegistry() {
  const workers = new Map<string, boolean>()
  return {
    set(key: string, started: boolean): void {
      workers.set(key, started)
    },
    listAll(): { key: string; started: boolean }[] {
      return [...workers].map(([key, started]) => ({ key, started })).sort((a, b) => a.key.localeCompare(b.key))
    },
  }
}

export type WorkerRegistry = ReturnType<typeof createWorkerRegistry>
