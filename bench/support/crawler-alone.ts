/**
 * The crawler worker with nothing else in its process: no HTTP, no ingest, no search threads.
 * bench/crawl.ts runs it to measure the crawler's own memory. It prints one JSON line when
 * `target` metadata have arrived (or at the deadline), with the process's peak RSS.
 *   bun bench/support/crawler-alone.ts '<CrawlerSettings and databasePath as JSON>' <target> <deadlineMs>
 */
import type { CrawlerSettings } from '../../src/dht'
import type { FromCrawler, ToCrawler } from '../../src/dht/thread/messages'
import { createLogger } from '../../src/log'
import { openStore } from '../../src/store'
import { processRssMb } from './measure'

const { databasePath, ...settings } = JSON.parse(Bun.argv[2]!) as CrawlerSettings & { databasePath: string }
const target = Number(Bun.argv[3])
const deadline = Date.now() + Number(Bun.argv[4])
// The worker reads the index read-only, so it must exist with its tables.
const store = await openStore({ sqlite: { path: databasePath } }, { log: createLogger({ level: 'warn' }) })
const readers = { knownHashes: store.knownHashesSpec(), dueSwarms: null }
await store.close()

const worker = new Worker(new URL('../../src/core/threads/crawler-thread.ts', import.meta.url).href)
let fetched = 0
let peakRss = 0
const startedAt = performance.now()
worker.onmessage = (event: MessageEvent<FromCrawler>) => {
  if (event.data.type === 'metainfo') fetched++
}
worker.postMessage({ type: 'start', settings, readers, crawling: true, fetches: [] } satisfies ToCrawler)
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
