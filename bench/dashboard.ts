/**
 * Dashboard benchmark (issue 15): the whole service (core + dashboard) over the search bench's
 * index of N torrents (bench/out/search-N.db; run `bun bench/search.ts N` first to build it).
 * Prints, through the dashboard's HTTP API, one client at a time:
 *   - GET /api/stats p50/p95 (as pages poll it: the 2 s response cache answers most) and the
 *     core's `stats` query behind it, uncached;
 *   - GET /api/torrents p50/p95 over 300 distinct requests (no cache hits): default pages, deep
 *     offsets, one- and two-word searches, content-type filters;
 *   - the idle RSS of the dashboard started alone (`bun run start dashboard`) after 10 s.
 * Goals: /api/stats and /api/torrents p95 <= 50 ms at 1,000,000 torrents.
 *   bun bench/dashboard.ts [count]
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { collectLines, safeJson } from '../tests/support/processes'
import { createRandom } from '../tests/support/seeded-random'
import { processRssMb } from './support/measure'

const count = Number(Bun.argv[2] ?? 1_000_000)
const dbPath = join(import.meta.dir, 'out', `search-${count}.db`)
if (!existsSync(dbPath)) throw new Error(`${dbPath} is missing: run bun bench/search.ts ${count} first`)
const dataDir = mkdtempSync(join(tmpdir(), 'dashboard-bench-'))
const WORDS = 'love night dark world star life house king blood dead lost secret money fire ice storm shadow dragon ghost ocean'.split(' ')
const TYPES = ['movie', 'tv_show', 'music', 'ebook', 'software']

function spawnService(side: 'all' | 'dashboard', vars: Record<string, string>) {
  const child = Bun.spawn([process.execPath, join(import.meta.dir, '../src/main.ts'), ...(side === 'all' ? [] : [side])], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', SERVICE_DHT_ENABLED: 'false', ...vars },
    stdout: 'ignore',
    stderr: 'pipe',
  })
  const ports = new Promise<{ core?: number; dashboard: number }>((resolve, reject) => {
    setTimeout(() => reject(new Error('service did not start')), 300_000)
    let core: number | undefined
    collectLines(child.stderr, (line) => {
      const record = safeJson(line)
      if (record?.msg === 'core listening') core = Number(record.port)
      if (record?.msg === 'dashboard listening') resolve({ core, dashboard: Number(record.port) })
      if (record?.level === 'error') console.error(line)
    })
  })
  return { child, ports }
}

async function time(url: string): Promise<number> {
  const started = performance.now()
  const response = await fetch(url)
  if (response.status !== 200) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`)
  await response.arrayBuffer()
  return performance.now() - started
}

const pct = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!
const report = (label: string, values: number[]) =>
  console.log(
    `${label.padEnd(44)} p50 ${pct(values, 50).toFixed(2).padStart(7)} ms   p95 ${pct(values, 95).toFixed(2).padStart(7)} ms   (n=${values.length})`,
  )

function torrentRequests(): string[] {
  const { next: random, pick } = createRandom(7)
  const requests = new Set<string>()
  while (requests.size < 300) {
    const kind = random()
    if (kind < 0.2) requests.add(`offset=${Math.floor(random() * 200) * 50}`)
    else if (kind < 0.5) requests.add(`q=${pick(WORDS)}&offset=${Math.floor(random() * 4) * 50}`)
    else if (kind < 0.7) requests.add(`q=${pick(WORDS)}+${pick(WORDS)}`)
    else if (kind < 0.85) requests.add(`content_type=${pick(TYPES)}&offset=${Math.floor(random() * 20) * 50}`)
    else requests.add(`q=${pick(WORDS)}&content_type=${pick(TYPES)}`)
  }
  return [...requests]
}

async function main(): Promise<void> {
  const service = spawnService('all', {
    DATABASE_PATH: dbPath,
    DASHBOARD_DB_PATH: join(dataDir, 'dashboard.db'),
    DATA_DIR: dataDir,
    CORE_PORT: '0',
    DASHBOARD_PORT: '0',
  })
  const { core, dashboard } = await service.ports
  const base = `http://127.0.0.1:${dashboard}`
  try {
    for (let i = 0; i < 20; i++) await time(`${base}/api/torrents?q=${WORDS[i]}`) // warm the page cache
    const stats: number[] = []
    for (let i = 0; i < 300; i++) {
      stats.push(await time(`${base}/api/stats`))
      await Bun.sleep(10)
    }
    report('GET /api/stats (as polled)', stats)
    const coreStats: number[] = []
    for (let i = 0; i < 300; i++) {
      const started = performance.now()
      const response = await fetch(`http://127.0.0.1:${core}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: '{ stats { totalTorrents totalReleases totalEvidence categoryBreakdown { contentType count } lastCrawlAt } }',
        }),
      })
      await response.json()
      coreStats.push(performance.now() - started)
    }
    report('core stats query (uncached)', coreStats)
    const torrents: { query: string; ms: number }[] = []
    for (const query of torrentRequests()) torrents.push({ query, ms: await time(`${base}/api/torrents?${query}`) })
    report(
      'GET /api/torrents (300 distinct, uncached)',
      torrents.map((request) => request.ms),
    )
    const slowest = torrents.sort((a, b) => b.ms - a.ms).slice(0, 5)
    console.log(`  slowest: ${slowest.map((request) => `${request.query} ${request.ms.toFixed(0)} ms`).join('; ')}`)

    const alone = spawnService('dashboard', {
      DASHBOARD_DB_PATH: join(dataDir, 'dashboard-alone.db'),
      DATA_DIR: dataDir,
      DASHBOARD_PORT: '0',
      CORE_GRAPHQL_URL: `http://127.0.0.1:${core}/graphql`,
    })
    await alone.ports
    await Bun.sleep(10_000)
    const rss = processRssMb(alone.child.pid)
    console.log(`dashboard alone, idle 10 s: RSS ${rss.rssMb.toFixed(0)} MB (peak ${rss.peakMb.toFixed(0)} MB)`)
    alone.child.kill()
    await alone.child.exited
  } finally {
    service.child.kill()
    await service.child.exited
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
