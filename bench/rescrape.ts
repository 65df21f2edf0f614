/**
 * Swarm re-check benchmark (issue 34): the service (its own process, crawler on) against a loopback
 * swarm of DHT nodes that all answer BEP 33 scrapes, with an index of never-checked torrents. For
 * each SERVICE_DHT_RESCRAPE_RATE asked it prints the checks a second held over the window (from
 * /metrics), the get_peers queries a check cost (counted at the swarm's nodes) and their share of
 * SERVICE_DHT_QUERIES_PER_SECOND, of which re-checks may take half.
 *   bun bench/rescrape.ts [torrents] [seconds] [rate,rate,...] [queries per second]
 */
import type { KrpcMessage, RemoteInfo } from 'bittorrent-dht'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freeUdpPort, metricValue, waitFor } from '../tests/support/dht-probe'
import { startDhtSwarm } from '../tests/support/dht-swarm'
import { runCli, startService } from '../tests/support/processes'

const torrents = Number(Bun.argv[2] ?? 3_000)
const windowSeconds = Number(Bun.argv[3] ?? 60)
const rates = (Bun.argv[4] ?? '5,20').split(',').map(Number)
const queriesPerSecond = Number(Bun.argv[5] ?? 40)
const NODES = 16

const swarm = await startDhtSwarm(NODES, 4)
const dhtPort = await freeUdpPort()
let scrapeQueries = 0
for (const node of swarm.nodes)
  node.dht._rpc.on('query', (query: KrpcMessage, from: RemoteInfo) => {
    if (from.port === dhtPort && String(query.q) === 'get_peers' && query.a?.scrape === 1) scrapeQueries++
  })

const scheduledChecks = async (baseUrl: string) => {
  let total = 0
  for (const outcome of ['counted', 'unknown', 'no_answer'])
    total += await metricValue(baseUrl, 'service_dht_swarm_checks_total', { trigger: 'schedule', outcome })
  return total
}

for (const rate of rates) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-rescrape-'))
  const dump = join(dataDir, 'dump.jsonl')
  writeFileSync(
    dump,
    Array.from({ length: torrents }, (_, i) =>
      JSON.stringify({ infoHash: (i + 1).toString(16).padStart(40, 'b'), name: `Bench.Torrent.${i}.2020.1080p.WEB`, size: 1e9 }),
    ).join('\n'),
  )
  await runCli(['import', dump], { DATA_DIR: dataDir })
  const service = await startService(
    {
      DATA_DIR: dataDir,
      SERVICE_DHT_ENABLED: 'true',
      SERVICE_DHT_HOST: '127.0.0.1',
      SERVICE_DHT_PORT: String(dhtPort),
      SERVICE_DHT_BOOTSTRAP: swarm.bootstrap,
      SERVICE_DHT_QUERIES_PER_SECOND: String(queriesPerSecond),
      SERVICE_DHT_RESCRAPE_RATE: String(rate),
    },
    'core',
  )
  // From the first check on: the node has joined the swarm by then.
  await waitFor(async () => (await scheduledChecks(service.baseUrl)) > 0, 30_000)
  const checksBefore = await scheduledChecks(service.baseUrl)
  const queriesBefore = scrapeQueries
  const startMs = performance.now()
  await Bun.sleep(windowSeconds * 1000)
  const seconds = (performance.now() - startMs) / 1000
  const checks = (await scheduledChecks(service.baseUrl)) - checksBefore
  const queries = scrapeQueries - queriesBefore
  console.log(
    `rate ${rate}/s asked, budget ${queriesPerSecond} queries/s: ${(checks / seconds).toFixed(2)} checks/s held over ${seconds.toFixed(0)} s (${checks} checks), ${(queries / Math.max(1, checks)).toFixed(1)} get_peers a check, ${(queries / seconds).toFixed(1)} queries/s = ${((queries / seconds / queriesPerSecond) * 100).toFixed(0)} % of the budget`,
  )
  service.child.kill('SIGTERM')
  await service.child.exited
  rmSync(dataDir, { recursive: true, force: true })
}
await swarm.stop()
