/**
 * Crawl benchmark: the service (its own process, crawler worker on) against a loopback swarm in
 * this process: 200 DHT nodes, half answering BEP 51 samples, all BEP 33 scrapes, and 4 seeders
 * serving 5,000 synthetic torrents' metadata. Prints discovered hashes/s, verified metadata/s,
 * the crawler thread's CPU share and the service's RSS (with the idle service for comparison),
 * then the crawler alone in its own process (no HTTP, ingest or search) for its own RSS.
 * Goals (issue 6): >= 100 metadata fetches/s on under half a core; crawler RSS <= 120 MB.
 *   bun bench/crawl.ts [torrents] [nodes] [SERVICE_DHT_SCALE]
 */
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '../src/config'
import type { CrawlerSettings } from '../src/dht'
import { DEFAULT_METAINFO_LIMITS } from '../src/metainfo'
import { freeUdpPort, metricValue } from '../tests/support/dht-probe'
import { startDhtSwarm, startSeeder } from '../tests/support/dht-swarm'
import { startService, type RunningService } from '../tests/support/processes'
import { processRssMb } from './support/measure'
import { createRandom } from '../tests/support/seeded-random'
import { syntheticInfoDict, syntheticTorrent } from './support/synthetic-releases'

const torrents = Number(Bun.argv[2] ?? 5_000)
const nodeCount = Number(Bun.argv[3] ?? 200)
const scale = Bun.argv[4] ?? '10'

const random = createRandom(7)
const infos = new Map<string, Uint8Array>()
let metadataBytes = 0
for (let i = 0; i < torrents; i++) {
  const info = syntheticInfoDict(syntheticTorrent(random, i), 'all')
  metadataBytes += info.length
  infos.set(createHash('sha1').update(info).digest('hex'), info)
}
console.log(`${torrents} synthetic torrents, ${(metadataBytes / torrents / 1024).toFixed(1)} KiB of metadata each on average`)

const setupStart = performance.now()
// 64 samples an answer (a full 1,500-byte packet), so that discovery outpaces the fetches being
// measured: each BEP 51 node holds ~50 of the hashes, as a large network would spread them.
const swarm = await startDhtSwarm(nodeCount, nodeCount / 2, 64)
const seeders = await Promise.all([0, 1, 2, 3].map(() => startSeeder('honest', infos)))
let i = 0
for (const hash of infos.keys()) swarm.plant(hash, seeders[i++ % seeders.length]!.port)
console.log(
  `swarm of ${nodeCount} nodes (${nodeCount / 2} with BEP 51, all with BEP 33) and ${seeders.length} seeders up in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`,
)

const dataDir = mkdtempSync(join(tmpdir(), 'bench-crawl-'))
const vars = { DATA_DIR: dataDir, SERVICE_SEARCH_WORKERS: '1' }

// The same service with the crawler off, for the RSS it has without one.
const idle = await startService(vars)
await Bun.sleep(3_000)
const idleRss = processRssMb(idle.child.pid)
idle.child.kill('SIGTERM')
await idle.child.exited

const service: RunningService = await startService({
  ...vars,
  SERVICE_DHT_ENABLED: 'true',
  SERVICE_DHT_HOST: '127.0.0.1',
  SERVICE_DHT_PORT: String(await freeUdpPort()),
  SERVICE_DHT_BOOTSTRAP: swarm.bootstrap,
  SERVICE_DHT_SCALE: scale,
})
const started = performance.now()
const metric = (name: string, labels?: Record<string, string>) => metricValue(service.baseUrl, name, labels)
const discoveredTotal = async () =>
  (await metric('service_dht_hashes_discovered_total', { source: 'sample_infohashes' })) +
  (await metric('service_dht_hashes_discovered_total', { source: 'get_peers' })) +
  (await metric('service_dht_hashes_discovered_total', { source: 'announce_peer' }))

let peakRss = 0
let peakHeap = 0
let firstFetchAt: { at: number; fetched: number; cpu: number } | null = null
let fetched = 0
const deadline = started + 300_000
while (performance.now() < deadline) {
  await Bun.sleep(1_000)
  fetched = await metric('service_dht_metadata_fetched_total')
  peakRss = Math.max(peakRss, processRssMb(service.child.pid).rssMb)
  peakHeap = Math.max(peakHeap, await metric('service_dht_crawler_heap_bytes'))
  if (!firstFetchAt && fetched > 0)
    firstFetchAt = { at: performance.now(), fetched, cpu: await metric('service_dht_crawler_cpu_seconds_total') }
  const seconds = (performance.now() - started) / 1000
  process.stdout.write(`\r${seconds.toFixed(0)} s: ${fetched} fetched, ${await discoveredTotal()} discovered`)
  if (fetched >= torrents * 0.95) break
}
const endedAt = performance.now()
const cpuEnd = await metric('service_dht_crawler_cpu_seconds_total')
const discovered = await discoveredTotal()
const failedText = (await (await fetch(`${service.baseUrl}/metrics`)).text())
  .split('\n')
  .filter((line) => line.startsWith('service_dht_metadata_failed_total{'))
const sent = await metric('service_dht_queries_sent_total', { query: 'get_peers' })
const samples = await metric('service_dht_queries_sent_total', { query: 'sample_infohashes' })
const rss = processRssMb(service.child.pid)
service.child.kill('SIGTERM')
await service.child.exited

const wall = (endedAt - started) / 1000
const window = firstFetchAt ? (endedAt - firstFetchAt.at) / 1000 : wall
console.log('\n')
console.log(`SERVICE_DHT_SCALE=${scale}: ${fetched} of ${torrents} fetched and verified in ${wall.toFixed(1)} s`)
console.log(`discovered: ${(discovered / wall).toFixed(0)} hashes/s (${discovered} new hashes, ${samples} sample_infohashes queries)`)
console.log(
  `verified metadata: ${(fetched / wall).toFixed(0)}/s overall, ${firstFetchAt ? ((fetched - firstFetchAt.fetched) / window).toFixed(0) : 0}/s once fetching began (${sent} get_peers)`,
)
console.log(
  `crawler thread CPU: ${(cpuEnd).toFixed(1)} s = ${((cpuEnd / wall) * 100).toFixed(0)} % of a core overall, ${firstFetchAt ? (((cpuEnd - firstFetchAt.cpu) / window) * 100).toFixed(0) : '?'} % while fetching`,
)
console.log(
  `service RSS: ${rss.rssMb.toFixed(0)} MB at the end, ${Math.max(peakRss, rss.peakMb).toFixed(0)} MB peak; the same service idle without the crawler: ${idleRss.rssMb.toFixed(0)} MB`,
)
console.log(
  `crawler thread heap: ${(peakHeap / 1048576).toFixed(0)} MB peak, beside its ${(16).toFixed(0)} MB seen filter (SERVICE_DHT_SEEN_FILTER_MB)`,
)
console.log(`failed fetches: ${failedText.join(', ') || 'none'}`)

// The crawler alone in its own process (fresh index, so every hash is new again): its own RSS.
const aloneDir = mkdtempSync(join(tmpdir(), 'bench-crawler-alone-'))
// Built by the service's own config loader (every setting the crawler thread takes, defaults
// included), with the swarm's addresses; the swarm re-check is off: this measures the crawl.
const { enabled: _enabled, ...aloneDht } = loadConfig({
  DATA_DIR: aloneDir,
  SERVICE_DHT_HOST: '127.0.0.1',
  SERVICE_DHT_PORT: String(await freeUdpPort()),
  SERVICE_DHT_BOOTSTRAP: swarm.bootstrap,
  SERVICE_DHT_SCALE: scale,
  SERVICE_DHT_MAX_NODES: '2000',
  SERVICE_DHT_SEEN_FILTER_MB: '16',
  SERVICE_DHT_RESCRAPE_INTERVAL: 'off',
}).dht
const aloneSettings: CrawlerSettings & { databasePath: string } = {
  ...aloneDht,
  databasePath: join(aloneDir, 'index.db'),
  clientName: 'bench',
  logLevel: 'warn',
  limits: DEFAULT_METAINFO_LIMITS,
}
const alone = Bun.spawn(
  [
    process.execPath,
    join(import.meta.dir, 'support/crawler-alone.ts'),
    JSON.stringify(aloneSettings),
    String(Math.floor(torrents * 0.95)),
    '300000',
  ],
  { stdout: 'pipe', stderr: 'inherit' },
)
const aloneResult = JSON.parse((await new Response(alone.stdout).text()).trim().split('\n').at(-1)!) as {
  fetched: number
  seconds: number
  peakRssMb: number
  endRssMb: number
}
console.log(
  `crawler alone in its own process: ${aloneResult.fetched} fetched in ${aloneResult.seconds.toFixed(1)} s (${(aloneResult.fetched / aloneResult.seconds).toFixed(0)}/s), RSS ${aloneResult.endRssMb.toFixed(0)} MB at the end, ${aloneResult.peakRssMb.toFixed(0)} MB peak`,
)
rmSync(aloneDir, { recursive: true, force: true })

await Promise.all(seeders.map((seeder) => seeder.stop()))
await swarm.stop()
rmSync(dataDir, { recursive: true, force: true })
process.exit(0)
