import type { Config } from '../config'
import type { Logger } from '../log'
import type { Metrics } from '../metrics'
import { startTorznabWorkerPool } from '../torznab'
import { VERSION } from '../version'
import { startIdleTrim } from './idle-trim'
import { timedSearch } from './timed-search'
import type { Crawler } from './wire-crawler'

/**
 * The search threads (Torznab's and GraphQL's searches), started, and the main thread's trim
 * after they go quiet. A search's results ask the crawler for fresh swarm counts.
 */
export async function startSearch(deps: { config: Config; metrics: Metrics; crawler: Crawler; log: Logger }) {
  const { config, metrics, crawler } = deps
  const idleTrim = startIdleTrim()
  const torznab = await startTorznabWorkerPool({
    size: config.search.workers,
    databasePath: config.db.corePath,
    cacheSizeMb: config.search.cacheSizeMb,
    weights: config.search.weights,
    timeoutMs: config.search.timeoutMs,
    version: VERSION,
    baseUrl: config.torznab.baseUrl,
    log: deps.log.child({ component: 'torznab' }),
    onSearch: (report) => {
      metrics.observeSearch(report.kind, report.seconds)
      crawler?.refreshSwarms(report.infoHashes)
    },
    onActivity: idleTrim.touch,
  })
  return { torznab, idleTrim, graphqlSearch: timedSearch(torznab, metrics) }
}
