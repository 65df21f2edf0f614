/**
 * The crawler worker with nothing else in its process: no HTTP, no ingest, no search threads.
 * bench/crawl.ts runs it to measure the crawler's own memory. It prints one JSON line when
 * `target` metadata have arrived (or at the deadline), with the process's peak RSS.
 *   bun bench/support/crawler-alone.ts '<CrawlerSettings as JSON>' <target> <deadlineMs>
 */
import { openIndex } from '../../src/store/sqlite'
import type { CrawlerSettings } from '../../src/dht'
import type { FromCrawler, ToCrawler } from '../../src/dht/messages'
import { createLogger } from '../../src/log'
import { processRssMb } from './measure'

const settings = JSON.parse(Bun.argv[2]!) as CrawlerSettings
const target = Number(Bun.argv[3])
const deadline = Date.now() + Number(Bun.argv[4])
// The worker reads the index read-only, so it must exist with its tables.
openIndex(settings.databasePath, createLogger({ level: 'warn' })).close()

const worker = new Worker(new URL('../../src/dht/worker.ts', import.meta.url).href)
let fetched = 0
let peakRss = 0
const startedAt = performance.now()
worker.onmessage = (event: MessageEvent<FromCrawler>) => {
  if (event.data.type === 'metainfo') fetched++
}
worker.postMessage({ type: 'start', settings, crawling: true, fetches: [] } satisfies ToCrawler)
const timer = setInterval(() => {
  peakRss = Math.max(peakRss, processRssMb('self').rssMb)
  if (fetched < target && Date.now() < deadline) return
  clearInterval(timer)
  console.log(
    JSON.stringify({
      fetched,
      seconds: (performance.now() - startedAt) / 1000,
      peakRssMb: Math.max(peakRss, processRssMb('self').peakMb),
      endRssMb: processRssMb('self').rssMb,
    }),
  )
  process.exit(0)
}, 200)
