/**
 * Search benchmark (issue 4): an index of N synthetic torrents (the ingest bench's generator;
 * 1% carry confirmed external ids), a fixed mix of 1,000 Torznab queries (rare titles, common
 * words, 1080p, id searches, q-less RSS pages, deep offsets, title-tier episode searches), sent
 * over HTTP to the real service in its own process. Prints, in one run:
 *   - p50/p95/p99 of the full HTTP request, one client at a time;
 *   - the same queries as the plain SQLite floor (bm25-ordered FTS5 for text, an ORDER BY for
 *     feeds, the id index for ids) in this process, and the ratio;
 *   - requests/s with 16 concurrent clients.
 *   - GraphQL torrentContent.search (issue 5): 100 text queries with totalCount, with every facet
 *     aggregated and without facets, p50/p95.
 * Goals: p99 <= 25 ms, ratio <= 1.5, >= 1,000 req/s; GraphQL p95 <= 100 ms with all facets, <= 25 ms without.
 *   bun bench/search.ts [count] [--no-floor]   (the index is kept in bench/out/ and reused;
 *   --no-floor skips the floor, whose bm25 queries take seconds each at 10,000,000)
 */
import { Database } from 'bun:sqlite'
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { loadClassifier } from '../src/classify'
import { openIndex } from '../src/core'
import { createIngestPipeline, type IngestItem } from '../src/ingest'
import { createTorrentStore } from '../src/torrents'
import { loadConfig } from '../src/config'
import { createLogger } from '../src/log'
import { extensionOf, fileTypeOf } from '../src/metainfo'
import { peakRssMb } from './support/measure'
import { createRandom, type Random } from '../tests/support/seeded-random'
import { syntheticTorrent } from './support/synthetic-releases'
import { collectLines, safeJson } from '../tests/support/processes'

const count = Number(Bun.argv[2] ?? 1_000_000)
const withFloor = !Bun.argv.includes('--no-floor')
const outDir = join(import.meta.dir, 'out')
const dbPath = join(outDir, `search-${count}.db`)
const QUERY_COUNT = 1000
const CONCURRENCY = 16
const THROUGHPUT_SECONDS = 10
const COLUMNS = 't.id, t.info_hash, t.name, t.size, t.published_at, c.categories'
const ms = (value: number) => `${value.toFixed(2)} ms`.padStart(10)

interface BenchQuery {
  kind: string
  torznab: string
  /** The floor: the plainest SQLite statement that answers the same question. */
  floor: { sql: string; params: (string | number)[] }
}

async function buildIndex(): Promise<void> {
  const tmpPath = `${dbPath}.building`
  rmSync(tmpPath, { force: true })
  const log = createLogger({ level: 'warn' })
  const db = openIndex(tmpPath, log)
  const pipeline = createIngestPipeline({
    writer: createTorrentStore({ db, classifier: loadClassifier(), evidenceWeights: loadConfig({}).evidence.weights, batchSize: 1000 })
      .writer,
    batchSize: 5000,
    flushIntervalMs: 500,
    log,
  })
  const random = createRandom(42)
  const start = performance.now()
  for (let i = 0; i < count; i++) {
    const torrent = syntheticTorrent(random, i)
    const files = torrent.files.map((file, index) => {
      const extension = extensionOf(file.path)
      return { index, path: file.path, sizeBytes: file.size, extension, fileType: fileTypeOf(extension) }
    })
    const item: IngestItem = {
      infoHash: torrent.infoHash,
      infoHashV2: null,
      name: torrent.name,
      sizeBytes: torrent.size,
      isPrivate: false,
      files,
      source: 'import',
      publishedAt: torrent.publishedAt,
      seeders: random.next() < 0.5 ? random.int(1, 500) : null,
      leechers: null,
    }
    pipeline.submit(item)
    if (i % 100_000 === 0 && i > 0) console.log(`  indexed ${i} (${Math.round(i / ((performance.now() - start) / 1000))}/s)`)
  }
  pipeline.flush()
  // What the evidence pipeline will do for confirmed torrents: 1% get ids.
  db.sqlite.run(`UPDATE torrent_classifications SET status = 'confirmed',
    imdb_id = 'tt' || printf('%07d', torrent_id % 5000), tmdb_id = torrent_id % 5000 + 1, tvdb_id = torrent_id % 5000 + 1
    WHERE torrent_id % 100 = 0`)
  db.sqlite.run('PRAGMA wal_checkpoint(TRUNCATE)')
  db.close()
  require('node:fs').renameSync(tmpPath, dbPath)
  for (const suffix of ['-wal', '-shm']) rmSync(tmpPath + suffix, { force: true })
  console.log(`built ${count} torrents in ${((performance.now() - start) / 1000).toFixed(0)} s`)
}

function sampleNames(): string[] {
  const db = new Database(dbPath, { readonly: true })
  const rows = db.query('SELECT name FROM torrents WHERE id % 997 = 0 LIMIT 2000').all() as { name: string }[]
  db.close()
  return rows.map((row) => row.name)
}

function textFloor(text: string, limit: number, offset: number) {
  const match = text
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((token) => `"${token.toLowerCase()}"`)
    .join(' ')
  return {
    sql: `SELECT ${COLUMNS} FROM (SELECT rowid, bm25(torrent_search) AS r FROM torrent_search WHERE torrent_search MATCH ? ORDER BY r LIMIT ? OFFSET ?) f
          JOIN torrents t ON t.id = f.rowid JOIN torrent_classifications c ON c.torrent_id = t.id ORDER BY f.r`,
    params: [match, limit, offset],
  }
}

function buildQueryMix(random: Random, sample: string[]): BenchQuery[] {
  const titleOf = (name: string) => name.split(/\.(S\d\d|\d{4})/)[0]!.replace(/\./g, ' ')
  const builders: [string, number, () => BenchQuery][] = [
    [
      'rare-title',
      25,
      () => {
        const name = random.pick(sample)
        const year = /\.(\d{4})\./.exec(name)?.[1]
        const q = `${titleOf(name)}${year ? ` ${year}` : ''}`
        return { kind: 'rare-title', torznab: `t=search&q=${encodeURIComponent(q)}&limit=100`, floor: textFloor(q, 100, 0) }
      },
    ],
    [
      'common-word',
      15,
      () => {
        const q = random.pick(['the', 'love', 'night', 'man', 'dark', 'world', 'star', 'the night', 'dark world'])
        return { kind: 'common-word', torznab: `t=search&q=${encodeURIComponent(q)}&limit=100`, floor: textFloor(q, 100, 0) }
      },
    ],
    [
      'quality-token',
      10,
      () => {
        const q = random.pick(['1080p', 'x264', 'web dl', '720p bluray', '2160p', 'x265'])
        return { kind: 'quality-token', torznab: `t=search&q=${encodeURIComponent(q)}&limit=100`, floor: textFloor(q, 100, 0) }
      },
    ],
    [
      'episode-title',
      10,
      () => {
        const name = random.pick(sample.filter((n) => /\.S\d\dE\d\d\./.test(n)))
        const [, season, episode] = /\.S(\d\d)E(\d\d)\./.exec(name)!
        const q = titleOf(name)
        return {
          kind: 'episode-title',
          torznab: `t=tvsearch&cat=5030,5040&q=${encodeURIComponent(q)}&season=${Number(season)}&ep=${Number(episode)}&limit=100&offset=0`,
          floor: textFloor(`${q} S${season}E${episode}`, 100, 0),
        }
      },
    ],
    [
      'id',
      10,
      () => {
        const id = random.int(1, 5000)
        return {
          kind: 'id',
          torznab:
            random.next() < 0.5 ? `t=movie&imdbid=${String(id).padStart(7, '0')}&limit=100` : `t=tvsearch&tvdbid=${id + 1}&limit=100`,
          floor: {
            sql: `SELECT ${COLUMNS} FROM torrent_classifications c JOIN torrents t ON t.id = c.torrent_id WHERE c.imdb_id = ? ORDER BY t.published_at DESC LIMIT 100`,
            params: [`tt${String(id).padStart(7, '0')}`],
          },
        }
      },
    ],
    [
      'rss-page',
      20,
      () => {
        const offset = random.pick([0, 0, 0, 100, 200, 500, 900])
        const tv = random.next() < 0.5
        const cats = tv ? [5030, 5040] : [2000]
        return {
          kind: 'rss-page',
          torznab: tv ? `t=tvsearch&cat=5030,5040&limit=100&offset=${offset}` : `t=movie&cat=2000&limit=100&offset=${offset}`,
          floor: {
            sql: `SELECT ${COLUMNS} FROM torrent_categories k JOIN torrents t ON t.id = k.torrent_id JOIN torrent_classifications c ON c.torrent_id = t.id
                WHERE k.category IN (${cats.join(',')}) ORDER BY k.published_at DESC, k.torrent_id DESC LIMIT 100 OFFSET ?`,
            params: [offset],
          },
        }
      },
    ],
    [
      'deep-offset',
      10,
      () => {
        const q = random.pick(['love', 'night', 'the', 'star'])
        const offset = random.pick([300, 500, 700, 900])
        return { kind: 'deep-offset', torznab: `t=search&q=${q}&limit=100&offset=${offset}`, floor: textFloor(q, 100, offset) }
      },
    ],
  ]
  const total = builders.reduce((sum, [, weight]) => sum + weight, 0)
  return Array.from({ length: QUERY_COUNT }, (_, i) => {
    let pick = (i * total) / QUERY_COUNT
    for (const [, weight, build] of builders) {
      if (pick < weight) return build()
      pick -= weight
    }
    return builders[0]![2]()
  })
}

async function startServer() {
  const child = Bun.spawn([process.execPath, join(import.meta.dir, '../src/main.ts')], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATABASE_PATH: dbPath,
      DATA_DIR: outDir,
      HOST: '127.0.0.1',
      CORE_PORT: '0',
      SERVICE_DHT_ENABLED: 'false',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  })
  const port = await new Promise<number>((resolve, reject) => {
    setTimeout(() => reject(new Error('server did not start')), 60_000)
    collectLines(child.stderr, (line) => {
      const record = safeJson(line)
      if (record?.msg === 'core listening') resolve(Number(record.port))
    })
  })
  return { pid: child.pid, base: `http://127.0.0.1:${port}/torznab/api?`, kill: () => child.kill() }
}

async function runAll(list: BenchQuery[]) {
  const latencies: number[] = []
  let errors = 0
  for (const query of list) {
    const start = performance.now()
    const response = await fetch(server.base + query.torznab)
    const body = await response.text()
    latencies.push(performance.now() - start)
    if (response.status !== 200 || body.includes('<error')) errors++
  }
  return { latencies, errors }
}

function runFloor(list: BenchQuery[]): number[] {
  const db = new Database(dbPath, { readonly: true })
  db.run('PRAGMA cache_size = -16384')
  const statements = new Map<string, ReturnType<Database['prepare']>>()
  const run = (query: BenchQuery) => {
    let statement = statements.get(query.floor.sql)
    if (!statement) {
      statement = db.prepare(query.floor.sql)
      statements.set(query.floor.sql, statement)
    }
    return statement.all(...query.floor.params)
  }
  list.slice(0, 200).forEach(run)
  const latencies = list.map((query) => {
    const start = performance.now()
    run(query)
    return performance.now() - start
  })
  db.close()
  return latencies
}

const ALL_FACETS =
  '{ contentType: { aggregate: true } torrentSource: { aggregate: true } torrentTag: { aggregate: true } torrentFileType: { aggregate: true } language: { aggregate: true } genre: { aggregate: true } releaseYear: { aggregate: true } videoResolution: { aggregate: true } videoSource: { aggregate: true } }'

async function runGraphql(list: BenchQuery[]) {
  const texts = list
    .filter((query) => ['rare-title', 'common-word', 'quality-token'].includes(query.kind))
    .map((query) => new URLSearchParams(query.torznab).get('q')!)
    .slice(0, 100)
  const url = server.base.replace('/torznab/api?', '/graphql')
  const timed = async (withFacets: boolean) => {
    const latencies: number[] = []
    for (const text of texts) {
      const facets = withFacets ? `, facets: ${ALL_FACETS}` : ''
      const query = `query($q: String) { torrentContent { search(input: { queryString: $q, limit: 20, totalCount: true, hasNextPage: true${facets} }) {
        totalCount totalCountIsEstimate items { infoHash title contentType torrent { size } }
        ${withFacets ? 'aggregations { contentType { value count } language { value count } releaseYear { value count } videoResolution { value count } videoSource { value count } torrentFileType { value count } torrentSource { value count } torrentTag { value count } }' : ''} } } }`
      const start = performance.now()
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables: { q: text } }),
      })
      const body = (await response.json()) as { errors?: unknown }
      latencies.push(performance.now() - start)
      if (body.errors) throw new Error(`graphql error: ${JSON.stringify(body.errors)}`)
    }
    return latencies
  }
  await timed(true)
  report('GraphQL search, all facets', await timed(true))
  report('GraphQL search, no facets', await timed(false))
}

async function runConcurrent(list: BenchQuery[]): Promise<number> {
  let done = 0
  let next = 0
  const end = performance.now() + THROUGHPUT_SECONDS * 1000
  const worker = async () => {
    while (performance.now() < end) {
      const query = list[next++ % list.length]!
      await (await fetch(server.base + query.torznab)).arrayBuffer()
      done++
    }
  }
  const start = performance.now()
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  return done / ((performance.now() - start) / 1000)
}

function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0
}

function report(label: string, latencies: number[]) {
  console.log(`${label.padEnd(30)} p50 ${ms(pct(latencies, 0.5))}  p95 ${ms(pct(latencies, 0.95))}  p99 ${ms(pct(latencies, 0.99))}`)
}

function ratio(ours: number[], floor: number[], p: number): string {
  return (pct(ours, p) / Math.max(pct(floor, p), 0.001)).toFixed(2)
}

function serverPeakRssMb(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(require('node:fs').readFileSync(`/proc/${pid}/status`, 'utf8'))
  return match ? Number(match[1]) / 1024 : 0
}

let server: Awaited<ReturnType<typeof startServer>>

async function main(): Promise<void> {
  mkdirSync(outDir, { recursive: true })
  if (!existsSync(dbPath)) await buildIndex()
  const names = sampleNames()
  const queries = buildQueryMix(createRandom(7), names)

  server = await startServer()
  try {
    await runAll(queries.slice(0, 200)) // warm the page cache and the JIT, as a running service would be
    const http = await runAll(queries)
    const floor = withFloor ? runFloor(queries) : queries.map(() => NaN)
    report('HTTP Torznab, one client', http.latencies)
    if (withFloor) {
      report('SQLite floor, same queries', floor)
      console.log(
        `ratio p50 ${ratio(http.latencies, floor, 0.5)}  p95 ${ratio(http.latencies, floor, 0.95)}  p99 ${ratio(http.latencies, floor, 0.99)}`,
      )
    }
    for (const kind of new Set(queries.map((q) => q.kind))) {
      const ours = http.latencies.filter((_, i) => queries[i]!.kind === kind)
      const theirs = floor.filter((_, i) => queries[i]!.kind === kind)
      console.log(
        `  ${kind.padEnd(14)} n=${String(ours.length).padStart(3)}  ours p50 ${ms(pct(ours, 0.5))} p99 ${ms(pct(ours, 0.99))}   floor p50 ${ms(pct(theirs, 0.5))} p99 ${ms(pct(theirs, 0.99))}`,
      )
    }
    console.log(`errors: ${http.errors}`)
    const throughput = await runConcurrent(queries)
    console.log(`throughput with ${CONCURRENCY} clients: ${throughput.toFixed(0)} req/s over ${THROUGHPUT_SECONDS} s`)
    await runGraphql(queries)
    console.log(`server peak RSS ${serverPeakRssMb(server.pid).toFixed(0)} MB; bench process peak RSS ${peakRssMb().toFixed(0)} MB`)
  } finally {
    server.kill()
  }
}

await main()
