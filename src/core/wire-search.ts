import type { Config } from '../config'
import type { Logger } from '../log'
import type { Metrics } from '../metrics'
import { startSearchThreadPool } from '../search'
import type { CoreStore } from '../store'
import { torznabAnswererOf } from '../torznab'
import { VERSION } from '../version'
import { startIdleTrim } from './idle-trim'
import { timedSearch } from './timed-search'
import type { Crawler } from './wire-crawler'

/** The search threads' entry point: each opens its own reader of the index. */
export const SEARCH_THREAD_ENTRY = new URL('./threads/search-thread.ts', import.meta.url)

/**
 * The search threads (Torznab's and GraphQL's searches), started, and the main thread's trim
 * after they go quiet. A search's results ask the crawler for fresh swarm counts.
 */
export async function startSearch(deps: { config: Config; store: CoreStore; metrics: Metrics; crawler: Crawler; log: Logger }) {
  const { config, metrics, crawler } = deps
  const idleTrim = startIdleTrim()
  const threads = await startSearchThreadPool({
    entry: SEARCH_THREAD_ENTRY,
    size: config.search.workers,
    setup: {
      reader: deps.store.searchReaderSpec({ cacheSizeMb: config.search.cacheSizeMb }),
      weights: config.search.weights,
      timeoutMs: config.search.timeoutMs,
      torznab: { version: VERSION, baseUrl: config.torznab.baseUrl },
    },
    log: deps.log.child({ component: 'torznab' }),
    onSearch: (report) => {
      metrics.observeSearch(report.kind, report.seconds)
      crawler?.refreshSwarms(report.infoHashes)
    },
    onActivity: idleTrim.touch,
  })
  return { torznab: { ...torznabAnswererOf(threads), stop: threads.stop }, idleTrim, graphqlSearch: timedSearch(threads, metrics) }
}
