/**
 * Ingest benchmark: imports 1,000,000 synthetic torrents (1-20 files each) from JSON Lines through
 * the real import path (line parsing, ingest pipeline, SQLite in WAL mode) and prints torrents/s,
 * database bytes per torrent (without the file rows) and peak RSS.
 * Batches of 1,000, the service default (SERVICE_INGEST_BATCH_SIZE); 5,000 is ~7 % faster and
 * peaks ~75 MB higher.
 * Goals (issue 2): >= 20,000 torrents/s, <= 600 bytes/torrent excluding files, peak RSS <= 300 MB;
 * (issue 34) <= 1,500 bytes/torrent with the files at 1M, and what the explanations add of it.
 * With `--wants N`, N wants (two title words each, movies and shows) are registered and matched
 * after every commit, as the service does for the dashboard's active wants. `--workers N` sets
 * SERVICE_IMPORT_WORKERS (auto by default; 0 parses and classifies on the writer's thread).
 * Before the import it times each step alone over the first 50,000 lines (issue 21): JSON parse,
 * record checks, classify, the hand-off to the writer, FTS facts, SQLite writes and the commit.
 *   bun bench/ingest.ts [count] [--wants N] [--workers N|auto]
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { runImportCommand } from '../src/importer'
import { createWantRegistry } from '../src/wants'
import { openBenchIndex } from './support/bench-index'
import { bytesByTree, peakRssMb, processRssMb, resetPeakRss, threadCpuMs } from './support/measure'
import { measureIngestShares } from './support/ingest-shares'
import { createRandom } from '../tests/support/seeded-random'
import { syntheticTorrent } from './support/synthetic-releases'
import type { Database } from 'bun:sqlite'

const args = Bun.argv.slice(2)
const wantsAt = args.indexOf('--wants')
const wantCount = wantsAt < 0 ? 0 : Number(args[wantsAt + 1])
const workersAt = args.indexOf('--workers')
const importWorkers = workersAt < 0 ? 'auto' : args[workersAt + 1]!
const isOptionValue = (i: number) => (wantsAt >= 0 && i === wantsAt + 1) || (workersAt >= 0 && i === workersAt + 1)
const count = Number(args.find((arg, i) => /^\d+$/.test(arg) && !isOptionValue(i)) ?? 1_000_000)
const SHARE_SAMPLE = 50_000
const dir = mkdtempSync(join(tmpdir(), 'bench-ingest-'))
const inputPath = join(dir, 'torrents.jsonl')

const generateStart = performance.now()
const writer = Bun.file(inputPath).writer()
const random = createRandom(42)
let fileRows = 0
const sample: string[] = []
for (let i = 0; i < count; i++) {
  const torrent = syntheticTorrent(random, i)
  fileRows += torrent.files.length
  const line = JSON.stringify(torrent)
  if (i < SHARE_SAMPLE) sample.push(line)
  writer.write(`${line}\n`)
  if (i % 10_000 === 0) await writer.flush()
}
await writer.end()
console.log(
  `generated ${count} torrents (${fileRows} files, ${(statSync(inputPath).size / 1e6).toFixed(0)} MB JSONL) in ${((performance.now() - generateStart) / 1000).toFixed(1)} s`,
)

const { shares, fileRowsPerTorrent, fileRowMicrosPerTorrent } = measureIngestShares(sample, join(dir, 'shares.db'))
const shareTotal = shares.reduce((total, share) => total + share.microsPerTorrent, 0)
console.log(`each step alone, one thread, first ${sample.length} torrents (${shareTotal.toFixed(1)} µs/torrent in all):`)
for (const share of shares)
  console.log(
    `  ${share.step.padEnd(64)} ${share.microsPerTorrent.toFixed(1).padStart(6)} µs  ${((share.microsPerTorrent / shareTotal) * 100).toFixed(0).padStart(3)} %`,
  )

console.log(`  of the SQLite writes, the ${fileRowsPerTorrent.toFixed(1)} file rows of a torrent: ${fileRowMicrosPerTorrent.toFixed(1)} µs`)
// The import's RSS is its own: the sample and the garbage of the steps above go first, and the
// peak is counted from here (generating the input and the steps' own index peaked near 1 GB).
sample.length = 0
Bun.gc(true)
resetPeakRss()

const { db, store, pipeline, log, lineWorkers, importWorkers: workerCount } = openBenchIndex(join(dir, 'index.db'), { importWorkers })
if (wantCount > 0) {
  const wants = await createWantRegistry({ store: store.wants, log })
  const words = ['dark', 'night', 'star', 'king', 'blood', 'moon', 'fire', 'storm', 'wolf', 'dragon', 'ghost', 'island', 'winter']
  await wants.register(
    Array.from({ length: wantCount }, (_, i) => ({
      id: `want-${i}`,
      query: `${words[i % words.length]} ${words[(i * 5 + 3) % words.length]}`,
      contentType: i % 2 ? ('tv_show' as const) : ('movie' as const),
    })),
  )
  pipeline.onCommitted(({ classified }) => wants.onCommitted(classified))
}
const discard = new Writable({ write: (_chunk, _encoding, done) => done() })
const importStart = performance.now()
const cpuStart = process.cpuUsage()
const writerCpuStartMs = threadCpuMs()
const summary = await runImportCommand([inputPath], { pipeline, lineWorkers, stdout: discard, stderr: discard, isTTY: false })
const seconds = (performance.now() - importStart) / 1000
const rssAfterImportMb = processRssMb('self').rssMb
const cpu = process.cpuUsage(cpuStart)
const writerMicros = ((threadCpuMs() - writerCpuStartMs) * 1000) / count
const allThreadsMicros = (cpu.user + cpu.system) / count
lineWorkers?.stop()
db.sqlite.run('PRAGMA wal_checkpoint(TRUNCATE)')

const trees = bytesByTree(db.sqlite)
const total = [...trees.values()].reduce((a, b) => a + b, 0)
const fileTrees = trees.get('torrent_files') ?? 0
console.log(
  `imported ${summary.imported} (rejected ${summary.rejected}) with ${workerCount} line worker(s) in ${seconds.toFixed(1)} s: ${Math.round(summary.imported / seconds)} torrents/s; RSS at the end of the import ${rssAfterImportMb.toFixed(0)} MB`,
)
console.log(
  `CPU per torrent: ${writerMicros.toFixed(1)} µs on the writer's thread, ${allThreadsMicros.toFixed(1)} µs on all threads; the writer's thread alone would allow ${Math.round(1e6 / writerMicros)} torrents/s on an idle machine`,
)
console.log(
  `database ${(total / 1e6).toFixed(0)} MB; without file rows ${((total - fileTrees) / summary.imported).toFixed(0)} bytes/torrent; file rows ${(fileTrees / fileRows).toFixed(0)} bytes/file`,
)
for (const [name, bytes] of [...trees].sort((a, b) => b[1] - a[1]))
  console.log(`  ${name.padEnd(40)} ${(bytes / summary.imported).toFixed(1)} bytes/torrent`)
console.log(
  `in all ${(total / summary.imported).toFixed(0)} bytes/torrent with the file rows (goal <= 1,500 at 1M); explanations add ${explanationBytesPerTorrent(db.sqlite).toFixed(1)} of them`,
)
if (wantCount > 0)
  console.log(`${wantCount} wants: ${db.sqlite.query<{ n: number }, []>('SELECT count(*) AS n FROM want_matches').get()!.n} matches`)
console.log(`peak RSS of the import ${peakRssMb().toFixed(0)} MB`)
db.close()
rmSync(dir, { recursive: true, force: true })

/**
 * What the explanation column (issue 34) costs a torrent on disk: the classifications copied
 * twice the same way, with and without it, and the two trees' sizes compared.
 */
function explanationBytesPerTorrent(sqlite: Database): number {
  const columns = (sqlite.query('SELECT name FROM pragma_table_info(?)').all('torrent_classifications') as { name: string }[])
    .map((column) => column.name)
    .filter((name) => name !== 'explanation')
  sqlite.run('CREATE TABLE bench_with AS SELECT * FROM torrent_classifications')
  sqlite.run(`CREATE TABLE bench_without AS SELECT ${columns.join(', ')} FROM torrent_classifications`)
  const trees = bytesByTree(sqlite)
  const rows = (sqlite.query('SELECT count(*) AS n FROM bench_with').get() as { n: number }).n
  sqlite.run('DROP TABLE bench_with')
  sqlite.run('DROP TABLE bench_without')
  return ((trees.get('bench_with') ?? 0) - (trees.get('bench_without') ?? 0)) / rows
}
