import { Counter, Gauge, type Registry } from 'prom-client'

/**
 * The artwork enrichment's queue: titles waiting, resolved and not found (read from the backlog
 * table at scrape time), titles settled and requests made since start.
 */
export function createEnrichmentMetrics(
  registry: Registry,
  backlog: () => Promise<{ pending: number; resolved: number; notFound: number }>,
) {
  new Gauge({
    name: 'enrichment_titles',
    help: 'Titles in the artwork backlog and cache, by status (pending: waiting for a lookup)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const counts = await backlog()
      this.set({ status: 'pending' }, counts.pending)
      this.set({ status: 'resolved' }, counts.resolved)
      this.set({ status: 'not_found' }, counts.notFound)
    },
  })
  const settled = new Counter({
    name: 'enrichment_lookups_total',
    help: 'Titles looked up at the artwork API, by outcome (resolved, not_found)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  })
  const requests = new Counter({
    name: 'enrichment_requests_total',
    help: 'Requests to the artwork API, by endpoint and outcome (ok, not_found, rate_limited, failed)',
    labelNames: ['endpoint', 'outcome'] as const,
    registers: [registry],
  })
  return {
    settled: (outcome: 'resolved' | 'not_found') => settled.inc({ outcome }),
    request: (endpoint: string, outcome: string) => requests.inc({ endpoint, outcome }),
  }
}
