/**
 * Search benchmark (issues 4 and 21): an index of N synthetic torrents, a fixed mix of 1,000
 * Torznab queries in the classes of issue 21 (rare titles, common words, common tokens such as
 * `x264` and `uhd bluray x265`, tvsearch with season and episode, category-filtered text, id
 * searches, q-less feeds, deep offsets), sent over HTTP to the real service in its own process.
 * The measured queries follow a warm-up on other queries of every class. Prints, in one run:
 *   - p50/p95/p99 of the full HTTP request, one client at a time, overall and per class, with the
 *     plain SQLite floor (bm25-ordered FTS5 for text, an ORDER BY for feeds, the id index for ids)
 *     run on the same queries in this process beside it, and the share of the floor's items ours
 *     returned too (text ranks differ by design: ours blends relevance with confidence and freshness);
 *   - requests/s at 1, 4 and 16 clients (gzip, as the *arr apps ask) and the server's CPU per request;
 *   - GraphQL torrentContent.search (issue 5) with and without facets;
 *   - the server's RSS right after start and idle after the run, and the disk per torrent.
 * Goals: p99 <= 25 ms at 1M, <= 100 ms at 10M for every class; >= 1,000 req/s at 16 clients;
 * idle RSS <= 150 MB after the run, <= 120 MB after start.
 *   bun bench/search.ts [count] [--realistic] [--no-floor] [--preload] [--build-only] [--postgres URL [--engines-only]]
 * --postgres URL (issue 36) copies the index into a schema of that database (kept for the next
 * run) and first answers the same queries on both engines in this process (search-pg.ts), printing
 * both columns; --engines-only stops there.
 * --realistic draws titles from a catalogue of works over 100,000 words (release-catalogue.ts)
 * instead of 100 words, and keeps its index apart (bench/out/search-realistic-N.db). Indexes are
 * built through the real ingest pipeline once and reused. 10M: `bun bench/search.ts 10000000
 * --realistic --build-only` first (hours at today's import rate on 2 cores), then the same
 * without --build-only; --no-floor skips the floor, whose bm25 on common tokens takes seconds.
 * --preload reads the index file once first, so that the OS holds it in its page cache as on a
 * machine with the RAM for it; without it the figures include whatever disk reads the run makes
 * (at 10M, 13.6 GB: a rare title's rows are then cold, a few tenths of a millisecond each).
 */
import { Database } from 'bun:sqlite'
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { loadClassifier } from '../src/classify'
import { openIndex } from '../src/store/sqlite'
import { createIngestPipeline, type IngestItem } from '../src/ingest'
import { benchTorrentWrites } from './support/bench-index'
import { loadConfig } from '../src/config'
import { createLogger } from '../src/log'
import { extensionOf, fileTypeOf } from '../src/metainfo'
import { peakRssMb, processRssMb } from './support/measure'
import { createRandom, type Random } from '../tests/support/seeded-random'
import { syntheticTorrent } from './support/synthetic-releases'
import { createReleaseCatalogue, type ReleaseCatalogue } from './support/release-catalogue'
import { collectLines, safeJson } from '../tests/support/processes'
import { compareEngines, copyIndexToPg, withSchema } from './search-pg'

const count = Number(Bun.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 1_000_000)
const withFloor = !Bun.argv.includes('--no-floor')
/** Titles of a catalogue of works over a 100,000-word vocabulary (issue 21) instead of 100 words. */
const isRealistic = Bun.argv.includes('--realistic')
const preload = Bun.argv.includes('--preload')
const postgresUrl = Bun.argv.includes('--postgres') ? Bun.argv[Bun.argv.indexOf('--postgres') + 1] : undefined
const outDir = join(import.meta.dir, 'out')
const dbPath = join(outDir, `search-${isRealistic ? 'realistic-' : ''}${count}.db`)
const QUERY_COUNT = 1000
/** Works whose releases carry confirmed ids, in a realistic index: one in this many. */
const CONFIRMED_WORK_EVERY = 25
const CLIENTS = [1, 4, 16]
const THROUGHPUT_SECONDS = 5
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
    writer: benchTorrentWrites(db).ingest,
    batchSize: 5000,
    flushIntervalMs: 500,
    log,
  })
  const random = createRandom(42)
  const catalogue = isRealistic ? createReleaseCatalogue(count) : undefined
  // The work of each release, in insertion order (torrent ids follow it: every hash is new).
  const workOf = new Int32Array(count)
  const start = performance.now()
  for (let i = 0; i < count; i++) {
    const torrent = syntheticTorrent(random, i, catalogue)
    workOf[i] = torrent.workIndex ?? -1
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
    await pipeline.submit(item)
    if (i % 100_000 === 0 && i > 0) console.log(`  indexed ${i} (${Math.round(i / ((performance.now() - start) / 1000))}/s)`)
  }
  await pipeline.flush()
  if (catalogue) confirmWorks(db.sqlite, workOf)
  else {
    // What the evidence pipeline will do for confirmed torrents: 1% get ids.
    db.sqlite.run(`UPDATE torrent_classifications SET status = 'confirmed',
      imdb_id = 'tt' || printf('%07d', torrent_id % 5000), tmdb_id = torrent_id % 5000 + 1, tvdb_id = torrent_id % 5000 + 1
      WHERE torrent_id % 100 = 0`)
  }
  db.sqlite.run('PRAGMA wal_checkpoint(TRUNCATE)')
  db.close()
  renameSync(tmpPath, dbPath)
  for (const suffix of ['-wal', '-shm']) rmSync(tmpPath + suffix, { force: true })
  console.log(`built ${count} torrents in ${((performance.now() - start) / 1000).toFixed(0)} s`)
}

/** Every release of one work in 25 carries the work's ids (tt + its rank), as confirmed ones would. */
function confirmWorks(sqlite: Database, workOf: Int32Array): void {
  sqlite.run('CREATE TEMP TABLE work_of (torrent_id INTEGER PRIMARY KEY, work INTEGER NOT NULL)')
  const insert = sqlite.prepare('INSERT INTO work_of VALUES (?, ?)')
  sqlite.transaction(() => {
    workOf.forEach((work, i) => {
      if (work % CONFIRMED_WORK_EVERY === 0) insert.run(i + 1, work)
    })
  })()
  sqlite.run(`UPDATE torrent_classifications SET status = 'confirmed', imdb_id = 'tt' || printf('%07d', w.work),
    tmdb_id = w.work + 1, tvdb_id = w.work + 1 FROM work_of w WHERE w.torrent_id = torrent_classifications.torrent_id`)
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

/** The same, restricted by the facts column's category token (the parent is there beside each sub-category). */
function categoryTextFloor(text: string, category: number) {
  const floor = textFloor(text, 100, 0)
  return { ...floor, params: [`{name title} : (${floor.params[0]}) AND facts : "c${category}"`, 100, 0] }
}

/** The query classes of issue 21's table, in the mix's proportions (per 100). */
function buildQueryMix(random: Random, sample: string[], catalogue: ReleaseCatalogue | undefined): BenchQuery[] {
  const titleOf = (name: string) => name.split(/\.(S\d\d|\d{4})/)[0]!.replace(/\./g, ' ')
  const text = (kind: string, q: string, offset = 0): BenchQuery => ({
    kind,
    torznab: `t=search&q=${encodeURIComponent(q)}&limit=100${offset ? `&offset=${offset}` : ''}`,
    floor: textFloor(q, 100, offset),
  })
  // A confirmed id: a film's or a show's rank in a realistic index, torrent_id % 5000 in the 100-word one.
  const confirmed = (isShow: boolean) =>
    catalogue ? catalogue.works.filter((work) => work.index % CONFIRMED_WORK_EVERY === 0 && work.isShow === isShow) : []
  const [films, shows] = [confirmed(false), confirmed(true)]
  const confirmedId = (isShow: boolean) => (catalogue ? random.pick(isShow ? shows : films).index : random.int(1, 4999))
  const builders: [string, number, () => BenchQuery][] = [
    [
      'rare-title',
      20,
      () => {
        const name = random.pick(sample)
        const year = /\.(\d{4})\./.exec(name)?.[1]
        return text('rare-title', `${titleOf(name)}${year ? ` ${year}` : ''}`)
      },
    ],
    ['common-word', 10, () => text('common-word', random.pick(['the', 'love', 'night', 'man', 'dark', 'the night', 'dark world']))],
    ['common-token', 15, () => text('common-token', random.pick(['x264', 'x265', '1080p', 'uhd bluray x265', 'web dl', '720p bluray']))],
    [
      'tv-season-ep',
      10,
      () => {
        const name = random.pick(sample.filter((n) => /\.S\d\dE\d\d\./.test(n)))
        const [, season, episode] = /\.S(\d\d)E(\d\d)\./.exec(name)!
        const q = titleOf(name)
        return {
          kind: 'tv-season-ep',
          torznab: `t=tvsearch&cat=5030,5040&q=${encodeURIComponent(q)}&season=${Number(season)}&ep=${Number(episode)}&limit=100`,
          floor: textFloor(`${q} S${season}E${episode}`, 100, 0),
        }
      },
    ],
    [
      'category-text',
      10,
      () => {
        const movie = random.next() < 0.5
        const q = random.pick(movie ? ['love', 'x265', '2160p', 'the'] : ['night', 'x264', '720p', 'world'])
        return {
          kind: 'category-text',
          torznab: `t=${movie ? 'movie' : 'tvsearch'}&cat=${movie ? 2000 : 5000}&q=${encodeURIComponent(q)}&limit=100`,
          floor: categoryTextFloor(q, movie ? 2000 : 5000),
        }
      },
    ],
    [
      'id',
      10,
      () => {
        const imdb = random.next() < 0.5
        const id = confirmedId(!imdb)
        return {
          kind: 'id',
          torznab: imdb ? `t=movie&imdbid=${String(id).padStart(7, '0')}&limit=100` : `t=tvsearch&tvdbid=${id + 1}&limit=100`,
          floor: {
            // t=movie and t=tvsearch cover their parent category (2000, 5000) when no cat is given.
            sql: `SELECT ${COLUMNS} FROM torrent_classifications c JOIN torrents t ON t.id = c.torrent_id
                  WHERE ${imdb ? 'c.imdb_id = ?' : 'c.tvdb_id = ?'} AND EXISTS (SELECT 1 FROM torrent_categories k
                    WHERE k.category = ${imdb ? 2000 : 5000} AND k.published_at = t.published_at AND k.torrent_id = t.id)
                  ORDER BY t.published_at DESC LIMIT 100`,
            params: [imdb ? `tt${String(id).padStart(7, '0')}` : id + 1],
          },
        }
      },
    ],
    [
      'feed',
      15,
      () => {
        const offset = random.pick([0, 0, 0, 100, 200, 500, 900])
        const tv = random.next() < 0.5
        const cats = tv ? [5030, 5040] : [2000]
        return {
          kind: 'feed',
          torznab: tv ? `t=tvsearch&cat=5030,5040&limit=100&offset=${offset}` : `t=movie&cat=2000&limit=100&offset=${offset}`,
          floor: {
            sql: `SELECT ${COLUMNS} FROM torrent_categories k JOIN torrents t ON t.id = k.torrent_id JOIN torrent_classifications c ON c.torrent_id = t.id
                WHERE k.category IN (${cats.join(',')}) ORDER BY k.published_at DESC, k.torrent_id DESC LIMIT 100 OFFSET ?`,
            params: [offset],
          },
        }
      },
    ],
    ['deep-offset', 10, () => text('deep-offset', random.pick(['love', 'night', 'the', 'x264']), random.pick([300, 500, 700, 900]))],
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

/** The service over the bench index: SQLite's file, or the PostgreSQL schema it was copied to (`databaseUrl`). */
async function startServer(databaseUrl?: string) {
  const child = Bun.spawn([process.execPath, join(import.meta.dir, '../src/main.ts')], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATABASE_PATH: dbPath,
      DATA_DIR: outDir,
      HOST: '127.0.0.1',
      CORE_PORT: '0',
      SERVICE_DHT_ENABLED: 'false',
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
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

const GUID = /<guid isPermaLink="false">([0-9a-f]{40})<\/guid>/g

async function runAll(list: BenchQuery[]) {
  const latencies: number[] = []
  const items: string[][] = []
  let errors = 0
  for (const query of list) {
    const start = performance.now()
    const response = await fetch(server.base + query.torznab)
    const body = await response.text()
    latencies.push(performance.now() - start)
    items.push([...body.matchAll(GUID)].map((match) => match[1]!))
    if (response.status !== 200 || body.includes('<error')) errors++
  }
  return { latencies, items, errors }
}

function runFloor(list: BenchQuery[]): { latencies: number[]; items: string[][] } {
  const db = new Database(dbPath, { readonly: true })
  db.run('PRAGMA cache_size = -16384')
  const statements = new Map<string, ReturnType<Database['prepare']>>()
  const run = (query: BenchQuery) => {
    let statement = statements.get(query.floor.sql)
    if (!statement) {
      statement = db.prepare(query.floor.sql)
      statements.set(query.floor.sql, statement)
    }
    return statement.all(...query.floor.params) as { info_hash: Uint8Array }[]
  }
  list.slice(0, 200).forEach(run)
  const items: string[][] = []
  const latencies = list.map((query) => {
    const start = performance.now()
    const rows = run(query)
    const elapsed = performance.now() - start
    items.push(rows.map((row) => Buffer.from(row.info_hash).toString('hex')))
    return elapsed
  })
  db.close()
  return { latencies, items }
}

/** The share of the floor's items that ours returned too (1 when the floor returned none). */
function overlap(ours: string[], floor: string[]): number {
  if (floor.length === 0) return ours.length === 0 ? 1 : 0
  const mine = new Set(ours)
  return floor.filter((hash) => mine.has(hash)).length / floor.length
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

/** Requests/s with `clients` concurrent clients, and the server's CPU time (user + system) per request. */
async function runConcurrent(list: BenchQuery[], clients: number): Promise<{ perSecond: number; cpuMsPerRequest: number }> {
  let done = 0
  let next = 0
  const end = performance.now() + THROUGHPUT_SECONDS * 1000
  const worker = async () => {
    while (performance.now() < end) {
      const query = list[next++ % list.length]!
      await (await fetch(server.base + query.torznab, { headers: { 'accept-encoding': 'gzip' } })).arrayBuffer()
      done++
    }
  }
  const cpuBefore = serverCpuMs(server.pid)
  const start = performance.now()
  await Promise.all(Array.from({ length: clients }, worker))
  const seconds = (performance.now() - start) / 1000
  return { perSecond: done / seconds, cpuMsPerRequest: (serverCpuMs(server.pid) - cpuBefore) / done }
}

/** utime + stime of a process, in ms (clock ticks of 10 ms on Linux). */
function serverCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
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

/** Reads the file once, so that the OS page cache holds it (through one buffer: memory stays flat). */
function readThrough(path: string): void {
  const start = performance.now()
  const buffer = Buffer.alloc(8 << 20)
  const fd = openSync(path, 'r')
  try {
    while (readSync(fd, buffer, 0, buffer.length, null) > 0);
  } finally {
    closeSync(fd)
  }
  console.log(`preloaded the index in ${((performance.now() - start) / 1000).toFixed(0)} s`)
}

let server: Awaited<ReturnType<typeof startServer>>

async function main(): Promise<void> {
  mkdirSync(outDir, { recursive: true })
  if (!existsSync(dbPath)) await buildIndex()
  if (Bun.argv.includes('--build-only')) return
  const names = sampleNames()
  const catalogue = isRealistic ? createReleaseCatalogue(count) : undefined
  const queries = buildQueryMix(createRandom(7), names, catalogue)
  // Other queries of every class (another seed, a third of a mix): the index pages every search
  // walks are then in the caches, as in a service that has been answering. The fixed word lists
  // repeat and a few titles may, but the measured queries were not run first as a set.
  const warmUp = buildQueryMix(createRandom(8), names, catalogue).filter((_, i) => i % 3 === 0)
  console.log(
    `${count} torrents (${isRealistic ? 'realistic vocabulary' : '100-word vocabulary'}), ${(statSync(dbPath).size / count).toFixed(0)} B/torrent on disk; load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  )

  let pgSchemaUrl: string | undefined
  if (postgresUrl) {
    const schema = `bench_search_${isRealistic ? 'realistic_' : ''}${count}`
    await copyIndexToPg(dbPath, postgresUrl, schema)
    pgSchemaUrl = withSchema(postgresUrl, schema)
    await compareEngines(dbPath, pgSchemaUrl, queries, warmUp)
    if (Bun.argv.includes('--engines-only')) return
  }
  if (preload) readThrough(dbPath)
  // The floor is SQLite's, measured once beside the first engine's HTTP run.
  const floor = withFloor ? runFloor(queries) : { latencies: queries.map(() => NaN), items: queries.map(() => []) }
  await benchHttp('SQLite', queries, warmUp, floor)
  // With --postgres, the same over HTTP with the service on the PostgreSQL copy (issue 36): both columns in one run.
  if (pgSchemaUrl) await benchHttp('PostgreSQL', queries, warmUp, floor, pgSchemaUrl)
}

/** The HTTP part of the bench against one engine's service: latencies by class, throughput, GraphQL, memory. */
async function benchHttp(
  engine: string,
  queries: BenchQuery[],
  warmUp: BenchQuery[],
  floor: { latencies: number[]; items: string[][] },
  databaseUrl?: string,
) {
  console.log(`\n== ${engine}, over HTTP`)
  server = await startServer(databaseUrl)
  try {
    await Bun.sleep(2000)
    const atStart = processRssMb(server.pid)
    await runAll(warmUp)
    const http = await runAll(queries)
    report('HTTP Torznab, one client', http.latencies)
    if (withFloor) {
      report('SQLite floor, same queries', floor.latencies)
      console.log(
        `ratio p50 ${ratio(http.latencies, floor.latencies, 0.5)}  p95 ${ratio(http.latencies, floor.latencies, 0.95)}  p99 ${ratio(http.latencies, floor.latencies, 0.99)}`,
      )
    }
    console.log(`${'class'.padEnd(16)}   n   ours p50     p95        p99      | floor p50   p95        p99      | overlap with floor`)
    for (const kind of new Set(queries.map((q) => q.kind))) {
      const of = (values: number[]) => values.filter((_, i) => queries[i]!.kind === kind)
      const [ours, theirs] = [of(http.latencies), of(floor.latencies)]
      const shares = queries.flatMap((query, i) => (query.kind === kind ? [overlap(http.items[i]!, floor.items[i]!)] : []))
      const share = withFloor ? `${((100 * shares.reduce((sum, x) => sum + x, 0)) / shares.length).toFixed(0)} %` : '-'
      console.log(
        `  ${kind.padEnd(14)} ${String(ours.length).padStart(3)} ${ms(pct(ours, 0.5))} ${ms(pct(ours, 0.95))} ${ms(pct(ours, 0.99))} |${ms(pct(theirs, 0.5))} ${ms(pct(theirs, 0.95))} ${ms(pct(theirs, 0.99))} | ${share}`,
      )
    }
    const slowest = queries.map((query, i) => ({ query, ms: http.latencies[i]! })).sort((a, b) => b.ms - a.ms)
    for (const { query, ms: took } of slowest.slice(0, 5)) console.log(`  slowest: ${ms(took)}  ${query.kind}  ${query.torznab}`)
    console.log(`errors: ${http.errors}`)
    for (const clients of CLIENTS) {
      const { perSecond, cpuMsPerRequest } = await runConcurrent(queries, clients)
      console.log(
        `throughput, ${String(clients).padStart(2)} clients, gzip: ${perSecond.toFixed(0).padStart(5)} req/s, server CPU ${cpuMsPerRequest.toFixed(2)} ms/request`,
      )
    }
    await runGraphql(queries)
    // Past the search threads' idle trim (10 s), the retirement of the extra ones and the main
    // thread's trim (each 30 s idle, checked every 10 s: by 40 s), as a service between two *arr
    // syncs (every 15 min) would be.
    await Bun.sleep(42_000)
    const { rssMb, peakMb, anonMb } = processRssMb(server.pid)
    console.log(
      `server RSS: ${atStart.rssMb.toFixed(0)} MB after start (${atStart.anonMb.toFixed(0)} anonymous), ${rssMb.toFixed(0)} MB idle after the run (${anonMb.toFixed(0)} anonymous; peak ${peakMb.toFixed(0)} MB); bench process peak ${peakRssMb().toFixed(0)} MB`,
    )
  } finally {
    server.kill()
  }
}

await main()
