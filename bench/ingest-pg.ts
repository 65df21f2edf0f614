/**
 * Import rate on PostgreSQL beside SQLite, in one run on one machine (issue 36: PostgreSQL's rate
 * at least half of SQLite's). The same generated torrents (as bench/ingest.ts makes them) are
 * imported through the real import path (line workers, the ingest pipeline, batches of 1,000) into
 * a fresh SQLite index and then into a fresh PostgreSQL schema (the set-based writer). For each it
 * prints torrents/s (wall clock) and CPU per torrent: this process's (parsing, classifying, the
 * writer), and for PostgreSQL the server backends' that did the writes (read from /proc: the
 * server must run on this machine), since a loaded machine stretches wall time but not CPU time.
 * PostgreSQL: DATABASE_URL (a database the role owns), else the test cluster (PG_TEST_URL, or one
 * started for the run).
 *   bun bench/ingest-pg.ts [count]
 */
import type { SQL } from 'bun'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { loadConfig } from '../src/config'
import { openLineWorkers } from '../src/core'
import { evidenceScorer } from '../src/evidence'
import { runImportCommand } from '../src/importer'
import { createClassifyStored, createIngestPipeline, type IngestPipeline } from '../src/ingest'
import { loadClassifier } from '../src/classify'
import { createLogger } from '../src/log'
import { migrateCoreIndex } from '../src/store/pg/migration-folder'
import { openPgPool } from '../src/store/pg/pools'
import { openPgTorrentPorts } from '../src/store/pg/torrents'
import { freshPgSchema } from '../tests/support/pg-cluster'
import { createRandom } from '../tests/support/seeded-random'
import { openBenchIndex } from './support/bench-index'
import { syntheticTorrent } from './support/synthetic-releases'

const count = Number(Bun.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 100_000)
const dir = mkdtempSync(join(tmpdir(), 'bench-ingest-pg-'))
const inputPath = join(dir, 'torrents.jsonl')
const discard = new Writable({ write: (_chunk, _encoding, done) => done() })
const log = createLogger({ level: 'warn' })

const writer = Bun.file(inputPath).writer()
const random = createRandom(42)
for (let i = 0; i < count; i++) {
  writer.write(`${JSON.stringify(syntheticTorrent(random, i))}\n`)
  if (i % 10_000 === 0) await writer.flush()
}
await writer.end()
console.log(`generated ${count} torrents (${(statSync(inputPath).size / 1e6).toFixed(0)} MB JSONL); load average ${loadAverage()}`)

interface Run {
  seconds: number
  imported: number
  processMicros: number
  serverMicros: number | null
}

async function importInto(pipeline: IngestPipeline): Promise<Omit<Run, 'serverMicros'>> {
  const config = loadConfig({ SERVICE_IMPORT_WORKERS: 'auto' })
  const lineWorkers = openLineWorkers(config, log)
  const start = performance.now()
  const cpuStart = process.cpuUsage()
  const summary = await runImportCommand([inputPath], { pipeline, lineWorkers, stdout: discard, stderr: discard, isTTY: false })
  const seconds = (performance.now() - start) / 1000
  const cpu = process.cpuUsage(cpuStart)
  lineWorkers?.stop()
  return { seconds, imported: summary.imported, processMicros: (cpu.user + cpu.system) / summary.imported }
}

const sqlite = openBenchIndex(join(dir, 'index.db'))
const sqliteRun: Run = { ...(await importInto(sqlite.pipeline)), serverMicros: null }
sqlite.db.close()
report('SQLite', sqliteRun)

const url = process.env.DATABASE_URL ?? (await freshPgSchema('bench')).url
// Its own application name: the backends whose CPU is counted are this pool's, not another client's.
const primary = openPgPool(url, { max: 8, settings: { application_name: 'bench-ingest-pg' } })
await migrateCoreIndex(primary)
const ports = openPgTorrentPorts(primary, { url, readUrls: [] })
const pgWriter = ports.torrentWrites({
  classify: createClassifyStored(loadClassifier()),
  scoreEvidence: evidenceScorer(loadConfig({}).evidence.weights),
}).ingest
const pgPipeline = createIngestPipeline({ writer: pgWriter, batchSize: 1000, flushIntervalMs: 500, log })
const backendsBefore = await backendCpuMs(primary)
const pgRun = await importInto(pgPipeline)
const backendsAfter = await backendCpuMs(primary)
let serverMs = 0
for (const [pid, ms] of backendsAfter) serverMs += ms - (backendsBefore.get(pid) ?? 0)
report('PostgreSQL', { ...pgRun, serverMicros: (serverMs * 1000) / pgRun.imported })
const [size] = await primary`SELECT pg_size_pretty(sum(pg_total_relation_size(relid))) AS size FROM pg_stat_user_tables
  WHERE schemaname = current_schema()`
console.log(`PostgreSQL tables with their indexes: ${size.size}; load average ${loadAverage()}`)
const rate = (run: Run) => run.imported / run.seconds
console.log(
  `PostgreSQL / SQLite: ${(rate(pgRun as Run) / rate(sqliteRun)).toFixed(2)} of the rate (goal >= 0.5); CPU per torrent, all of it: ${(
    pgRun.processMicros + (serverMs * 1000) / pgRun.imported
  ).toFixed(0)} µs against ${sqliteRun.processMicros.toFixed(0)} µs`,
)
await primary.close()
rmSync(dir, { recursive: true, force: true })

function report(engine: string, run: Run) {
  const server = run.serverMicros === null ? '' : `, the server's backends ${run.serverMicros.toFixed(0)} µs`
  console.log(
    `${engine.padEnd(10)} imported ${run.imported} in ${run.seconds.toFixed(1)} s: ${Math.round(run.imported / run.seconds)} torrents/s; CPU per torrent: this process ${run.processMicros.toFixed(0)} µs${server}`,
  )
}

/** CPU time (ms) of each backend of the bench's pool, from /proc (utime + stime, in clock ticks of 10 ms). */
async function backendCpuMs(sql: SQL): Promise<Map<number, number>> {
  const rows = await sql`SELECT pid FROM pg_stat_activity WHERE application_name = 'bench-ingest-pg' AND datname = current_database()`
  const cpu = new Map<number, number>()
  for (const { pid } of rows) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      cpu.set(Number(pid), ((Number(fields[11]) + Number(fields[12])) * 1000) / 100)
    } catch {
      // the backend has gone (its connection closed): its time is not counted
    }
  }
  return cpu
}

function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
}
