/**
 * Storage benchmark (issue 20), on a copy of the search bench's index (bench/out/search-N.db,
 * made by `bun bench/search.ts N`; the original is never written):
 *   - backup: `writeBackup` (VACUUM INTO from a read-only connection) of the index, time and size;
 *   - the one-time rewrite to incremental auto-vacuum a core does at its first start with a cap;
 *   - eviction: a core started with SERVICE_STORAGE_LIMIT at 90 % of the pages in use evicts until
 *     the pages in use are under 88 %; its rate (torrents/s, from the cap's log line), and the
 *     Torznab latency one client sees during the eviction against the same queries before it.
 *     Twice: with the synthetic index's random publish times, and with publish times in storage
 *     order, as a crawl stores them. (The prepared copy is kept in /tmp/storage-bench.)
 *   bun bench/storage.ts [count]
 */
import { Database } from 'bun:sqlite'
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { writeBackup } from '../src/backup'
import { storeFiles } from '../src/store'
import { openIndex } from '../src/store/sqlite'
import { createLogger } from '../src/log'
import { migrateToIncrementalVacuum } from '../src/store/sqlite/maintenance/auto-vacuum'
import { collectLines, safeJson } from '../tests/support/processes'
import { createRandom } from '../tests/support/seeded-random'

const count = Number(Bun.argv[2] ?? 1_000_000)
const source = join(import.meta.dir, 'out', `search-${count}.db`)
const work = '/tmp/storage-bench'
const dbPath = join(work, 'index.db')
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

function usedBytes(path: string): number {
  const sqlite = new Database(path, { readonly: true })
  const one = (pragma: string) => Object.values(sqlite.query(`PRAGMA ${pragma}`).get() as object)[0] as number
  const used = (one('page_count') - one('freelist_count')) * one('page_size')
  sqlite.close(true)
  return used
}

/** Text searches for words of stored names, and newest-first feeds with a category: the *arr mix. */
function queryMix(path: string): string[] {
  const sqlite = new Database(path, { readonly: true })
  const names = sqlite
    .query<{ name: string }, []>('SELECT name FROM torrents WHERE id % 997 = 0 LIMIT 400')
    .all()
    .map((row) => row.name)
  sqlite.close(true)
  const random = createRandom(7)
  return Array.from({ length: 300 }, (_, i) => {
    if (i % 4 === 3) return `t=search&cat=${random.pick(['2000', '5000', '5040', '3000'])}`
    const words = random
      .pick(names)
      .split(/[^A-Za-z0-9]+/)
      .filter((word) => word.length > 2)
    return `t=search&q=${encodeURIComponent(words.slice(0, 2).join(' '))}`
  })
}

async function startCore(env: Record<string, string>, onLine: (record: Record<string, unknown>) => void) {
  const child = Bun.spawn([process.execPath, join(import.meta.dir, '../src/main.ts'), 'core'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATA_DIR: work,
      DATABASE_PATH: dbPath,
      HOST: '127.0.0.1',
      CORE_PORT: '0',
      SERVICE_DHT_ENABLED: 'false',
      ...env,
    },
    stdout: 'ignore',
    stderr: 'pipe',
  })
  const port = await new Promise<number>((resolve, reject) => {
    setTimeout(() => reject(new Error('core did not start')), 600_000)
    collectLines(child.stderr, (line) => {
      const record = safeJson(line)
      if (!record) return
      onLine(record)
      if (record.msg === 'core listening') resolve(Number(record.port))
    })
  })
  return {
    base: `http://127.0.0.1:${port}/torznab/api?`,
    stop: async () => {
      child.kill()
      await child.exited
    },
  }
}

/** One pass over `queries`, or, with `isDone`, round and round until it says so. */
async function timeQueries(base: string, queries: string[], isDone?: () => boolean): Promise<number[]> {
  const latencies: number[] = []
  for (let i = 0; isDone ? !isDone() : i < queries.length; i++) {
    const start = performance.now()
    const response = await fetch(base + queries[i % queries.length])
    await response.text()
    latencies.push(performance.now() - start)
  }
  return latencies
}

function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0
}

const describe = (values: number[]) =>
  `p50 ${pct(values, 0.5).toFixed(1)} ms  p95 ${pct(values, 0.95).toFixed(1)} ms  p99 ${pct(values, 0.99).toFixed(1)} ms  (${values.length} requests)`

/**
 * The search index, migrated to this build and rewritten for incremental vacuum, made once and
 * kept in the work folder (the migrations of a newer build can take minutes at a million).
 */
async function prepareIndex(log: ReturnType<typeof createLogger>): Promise<string> {
  const prepared = join(work, 'prepared.db')
  if (existsSync(prepared)) return prepared
  mkdirSync(work, { recursive: true })
  const copy = join(work, 'copy.db')
  for (const suffix of ['', '-wal']) if (existsSync(`${source}${suffix}`)) copyFileSync(`${source}${suffix}`, `${copy}${suffix}`)
  const used = usedBytes(copy)
  console.log(`index of ${count.toLocaleString('en-US')} torrents: ${mb(statSync(copy).size)} file, ${mb(used)} in use`)

  const backupAt = performance.now()
  const [backup] = await writeBackup(
    [{ kind: 'index', path: copy }],
    join(work, 'backups'),
    new Date(),
    storeFiles({ sqlite: { path: copy } }),
  )
  console.log(`backup (VACUUM INTO):         ${seconds(performance.now() - backupAt)}, ${mb(backup!.bytes)}`)
  rmSync(join(work, 'backups'), { recursive: true, force: true })

  openIndex(copy, log).sqlite.close(true)
  const rewriteAt = performance.now()
  const outcome = migrateToIncrementalVacuum(copy, log)
  console.log(`incremental-vacuum rewrite:   ${seconds(performance.now() - rewriteAt)} (${outcome}), file ${mb(statSync(copy).size)}`)
  renameSync(copy, prepared)
  return prepared
}

/**
 * The synthetic index's publish times are random, unrelated to the order rows were stored in:
 * the worst case for freeing pages. A crawl stores torrents in the order it first sees them,
 * which is their age; this makes the copy look like that (the categories' keys follow).
 */
function orderByAge(path: string): void {
  const sqlite = new Database(path)
  sqlite.run('UPDATE torrents SET published_at = 1600000000 + id')
  sqlite.run('UPDATE torrent_categories SET published_at = 1600000000 + torrent_id')
  sqlite.close(true)
}

async function evictionRun(label: string, prepared: string, queries: string[], reorder: boolean): Promise<void> {
  rmSync(dbPath, { force: true })
  copyFileSync(prepared, dbPath)
  if (reorder) orderByAge(dbPath)
  const plain = await startCore({}, () => {})
  await timeQueries(plain.base, queries.slice(0, 50)) // warm the page cache
  const before = await timeQueries(plain.base, queries)
  await plain.stop()

  const limitMb = Math.floor((usedBytes(dbPath) * 0.9) / 1e6)
  let evicted: Record<string, unknown> | undefined
  const capped = await startCore({ SERVICE_STORAGE_LIMIT: `${limitMb}MB` }, (record) => {
    if (record.msg === 'storage cap: torrents evicted') evicted = record
  })
  const during = await timeQueries(capped.base, queries, () => evicted !== undefined)
  // Then the free pages past the cap go back to the file system.
  const releaseAt = performance.now()
  while (statSync(dbPath).size > limitMb * 1e6 && performance.now() - releaseAt < 120_000) await Bun.sleep(100)
  const releaseMs = performance.now() - releaseAt
  await capped.stop()
  if (!evicted) throw new Error('the cap evicted nothing')
  const evictedCount = Number(evicted.evicted)
  const evictMs = Number(evicted.ms)
  console.log(`\n${label}: cap at 90 % of the pages in use (${limitMb} MB)`)
  console.log(
    `  evicted ${evictedCount.toLocaleString('en-US')} of ${count.toLocaleString('en-US')} torrents in ${seconds(evictMs)} = ${Math.round(evictedCount / (evictMs / 1000)).toLocaleString('en-US')} torrents/s`,
  )
  console.log(`  file truncated to ${mb(statSync(dbPath).size)} in ${seconds(releaseMs)} after that (incremental vacuum)`)
  console.log(`  Torznab before eviction:  ${describe(before)}`)
  console.log(`  Torznab during eviction:  ${describe(during)}`)
}

async function main(): Promise<void> {
  if (!existsSync(source)) throw new Error(`${source} is missing: run bun bench/search.ts ${count} first`)
  const prepared = await prepareIndex(createLogger({ level: 'warn' }))
  const queries = queryMix(prepared)
  await evictionRun('publish times random to storage order (synthetic, worst case)', prepared, queries, false)
  await evictionRun('publish times in storage order (as a crawl stores them)', prepared, queries, true)
}

await main()
