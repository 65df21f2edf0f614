/**
 * Export benchmark (issue 34 point 3): builds an index of `count` synthetic torrents (1-20 files
 * each; 1 % with operator tags and grabs, 0.1 % confirmed by a label) through the real import,
 * then times, each in its own process as an operator runs them:
 *   - `cli export FILE` and `cli export FILE.gz`: torrents/s and the exporter's peak RSS,
 *   - `cli import FILE` of that export into a fresh index: torrents/s and peak RSS,
 *   - with --pull, `cli import URL`: the same export pulled page by page from a core's GET /export
 *     (the same import again, plus the HTTP pages; it doubles the bench's time).
 * Each line also gives the command's CPU time (all its threads): torrents per CPU second is what
 * an idle machine would do, where wall time on a shared one says little.
 * The export reads a chunk, writes it and reads the next, so its RSS does not grow with the index:
 * compare the peaks of two sizes (e.g. 100000 and 1000000) to see it stays flat.
 * Building the source takes most of the time: `--keep` leaves it (its path is printed) and
 * `--source FILE` measures on one built before.
 *   bun bench/export.ts [count] [--pull] [--keep | --source FILE]
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { loadClassifier } from '../src/classify'
import { loadConfig } from '../src/config'
import { openDatabase } from '../src/store/sqlite'
import { runImportCommand } from '../src/importer'
import { createReclassifier } from '../src/torrents'
import { benchTorrentWrites } from './support/bench-index'
import { openBenchIndex } from './support/bench-index'
import { createRandom } from '../tests/support/seeded-random'
import { syntheticTorrent } from './support/synthetic-releases'

const args = Bun.argv.slice(2)
const givenSource = args.includes('--source') ? args[args.indexOf('--source') + 1]! : null
const isPulling = args.includes('--pull')
const dir = mkdtempSync(join(tmpdir(), 'bench-export-'))
const sourcePath = givenSource ?? join(dir, 'source.db')
const REPO_ROOT = join(import.meta.dir, '..')
const count = givenSource ? countTorrents(givenSource) : Number(args.find((arg) => /^\d+$/.test(arg)) ?? 1_000_000)
if (!givenSource) await buildSource()

/** The source index: synthetic torrents through the real import, then what travels beyond them. */
async function buildSource(): Promise<void> {
  const generated = join(dir, 'generated.jsonl')
  const writer = Bun.file(generated).writer()
  const random = createRandom(34)
  for (let i = 0; i < count; i++) {
    writer.write(`${JSON.stringify(syntheticTorrent(random, i))}\n`)
    if (i % 10_000 === 0) await writer.flush()
  }
  await writer.end()

  const buildStart = performance.now()
  const source = openBenchIndex(sourcePath)
  const discard = new Writable({ write: (_chunk, _encoding, done) => done() })
  await runImportCommand([generated], {
    pipeline: source.pipeline,
    lineWorkers: source.lineWorkers,
    stdout: discard,
    stderr: discard,
    isTTY: false,
  })
  source.lineWorkers?.stop()
  rmSync(generated)
  // What travels beyond the torrent: operator tags and grabs on 1 %, a confirmed label on 0.1 %.
  source.db.sqlite.run("INSERT INTO torrent_tags (torrent_id, tag, by_rule) SELECT id, 'keep', 0 FROM torrents WHERE id % 100 = 0")
  source.db.sqlite.run('UPDATE torrents SET grabs = 1 + id % 7 WHERE id % 100 = 0')
  source.db.sqlite.run(
    `INSERT INTO ground_truth_labels (info_hash, content_type, title, year, seasons, episodes, tvdb_id, labelled_by, labelled_at)
     SELECT info_hash, 'tv_show', 'Some Show', 2020, '[1]', '[2]', id, 'sonarr-main', 1700000000 FROM torrents WHERE id % 1000 = 0`,
  )
  const labelled = source.db.sqlite
    .query<{ hash: string }, []>('SELECT lower(hex(info_hash)) AS hash FROM torrents WHERE id % 1000 = 0')
    .all()
    .map((row) => row.hash)
  await createReclassifier({ store: benchTorrentWrites(source.db).reclassify, batchSize: 1000 }).run({ infoHashes: labelled })
  source.db.sqlite.run('PRAGMA wal_checkpoint(TRUNCATE)')
  source.db.close()
  console.log(`built a source index of ${count} torrents in ${((performance.now() - buildStart) / 1000).toFixed(0)} s`)
}

function countTorrents(path: string): number {
  const db = openDatabase(path, { readonly: true })
  const { n } = db.sqlite.query<{ n: number }, []>('SELECT count(*) AS n FROM torrents').get()!
  db.close()
  return n
}

/** Runs a CLI command to its end, reading its peak RSS (VmHWM) and CPU time from /proc while it runs. */
async function timeCli(args: string[], env: Record<string, string>, label: string, torrents: number): Promise<void> {
  const start = performance.now()
  const child = Bun.spawn([process.execPath, 'src/cli.ts', ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  let peakKb = 0
  let cpuSeconds = 0
  const sampler = setInterval(() => {
    try {
      const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))
      if (match) peakKb = Math.max(peakKb, Number(match[1]))
      // utime and stime, fields 14 and 15 of stat (after the parenthesised name), in 1/100 s.
      const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      cpuSeconds = (Number(fields[11]) + Number(fields[12])) / 100
    } catch {}
  }, 20)
  const [stdout, stderr, exitCode] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited])
  clearInterval(sampler)
  const seconds = (performance.now() - start) / 1000
  if (exitCode !== 0) throw new Error(`${label} failed (${exitCode}): ${stderr.slice(-2000)}`)
  const perSecond = (per: number) =>
    Math.round(torrents / per)
      .toString()
      .padStart(7)
  console.log(
    `${label.padEnd(32)} ${seconds.toFixed(1).padStart(6)} s ${perSecond(seconds)} torrents/s | CPU ${cpuSeconds.toFixed(1).padStart(6)} s ${perSecond(cpuSeconds)} torrents/CPU-s | peak RSS ${(peakKb / 1024).toFixed(0)} MB  ${stdout.trim().split('\n').at(-1) ?? ''}`,
  )
}

const exportFile = join(dir, 'export.jsonl')
const sourceEnv = { DATABASE_PATH: sourcePath, DATA_DIR: dir }
await timeCli(['export', exportFile], sourceEnv, 'cli export FILE', count)
console.log(`  ${(statSync(exportFile).size / 1e6).toFixed(0)} MB, ${(statSync(exportFile).size / count).toFixed(0)} bytes/torrent`)
await timeCli(['export', `${exportFile}.gz`], sourceEnv, 'cli export FILE.gz', count)
console.log(`  ${(statSync(`${exportFile}.gz`).size / 1e6).toFixed(0)} MB`)
await timeCli(['import', exportFile], { DATABASE_PATH: join(dir, 'restored.db'), DATA_DIR: dir }, 'cli import FILE (a fresh index)', count)

if (isPulling) await timePull()
if (args.includes('--keep') && !givenSource) {
  for (const name of readdirSync(dir)) if (!name.startsWith('source.db')) rmSync(join(dir, name), { force: true })
  console.log(`source index kept: ${sourcePath} (bun bench/export.ts --source ${sourcePath})`)
} else rmSync(dir, { recursive: true, force: true })

/** The same export pulled over HTTP from a core serving the source index. */
async function timePull(): Promise<void> {
  const core = Bun.spawn([process.execPath, 'src/main.ts', 'core'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATABASE_PATH: sourcePath,
      DATA_DIR: dir,
      HOST: '127.0.0.1',
      CORE_PORT: '0',
      SERVICE_DHT_ENABLED: 'false',
      CORE_ADMIN_KEY: 'bench-admin-key-0123456789',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  })
  // Its log is read to its end, so the core never writes into a closed pipe.
  const port = await new Promise<number>((resolve, reject) => {
    void (async () => {
      const decoder = new TextDecoder()
      let text = ''
      for await (const chunk of core.stderr) {
        text += decoder.decode(chunk, { stream: true })
        const match = /"msg":"core listening".*?"port":(\d+)/.exec(text)
        if (match) resolve(Number(match[1]))
      }
      reject(new Error(`the core did not start: ${text}`))
    })()
  })
  await timeCli(
    ['import', `http://127.0.0.1:${port}/export`],
    { DATABASE_PATH: join(dir, 'pulled.db'), DATA_DIR: dir },
    'cli import URL (a fresh index)',
    count,
  )
  core.kill('SIGTERM')
  await core.exited
}
