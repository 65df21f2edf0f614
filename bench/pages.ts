/**
 * Dashboard pages benchmark (issues 16 and 32): the whole service over the search bench's index of
 * N torrents (bench/out/search-N.db; `bun bench/search.ts N` builds it), with Debian's Chromium.
 * For every page (the library with its facets on, as it always shows them: searches as typed,
 * ticked facets, each order, a deep page; a torrent; the block list; the other pages) prints the
 * first load, whose core queries no cache holds, then the median and worst of 10 more (a fresh
 * browser context each, so the browser caches nothing; the dashboard's 5 s cache of core answers
 * may serve them): DOMContentLoaded and load, and for the first load the CPU time the service spent
 * (what the page costs whatever else the machine runs).
 * Goals: every page's load under 1 s at 1,000,000 torrents; DOMContentLoaded <= 300 ms.
 *   bun bench/pages.ts [count]
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { collectLines, safeJson } from '../tests/support/processes'

const count = Number(Bun.argv[2] ?? 1_000_000)
const dbPath = join(import.meta.dir, 'out', `search-${count}.db`)
if (!existsSync(dbPath)) throw new Error(`${dbPath} is missing: run bun bench/search.ts ${count} first`)
const dataDir = mkdtempSync(join(tmpdir(), 'pages-bench-'))
const RUNS = 10

const child = Bun.spawn([process.execPath, join(import.meta.dir, '../src/main.ts')], {
  env: {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    HOST: '127.0.0.1',
    CORE_PORT: '0',
    DASHBOARD_PORT: '0',
    SERVICE_DHT_ENABLED: 'false',
    DATABASE_PATH: dbPath,
    DATA_DIR: dataDir,
    DASHBOARD_DB_PATH: join(dataDir, 'dashboard.db'),
  },
  stdout: 'ignore',
  stderr: 'pipe',
})
const logs: string[] = []
const port = await new Promise<number>((resolve, reject) => {
  // A first start migrates the index, which may take minutes at 1,000,000 torrents.
  setTimeout(() => reject(new Error(`service did not start:\n${logs.join('\n')}`)), 600_000)
  void child.exited.then((code) => reject(new Error(`service exited with ${code}:\n${logs.join('\n')}`)))
  collectLines(child.stderr, (line) => {
    logs.push(line)
    const record = safeJson(line)
    if (record?.msg === 'dashboard listening') resolve(Number(record.port))
  })
}).catch((err) => {
  child.kill()
  throw err
})
const base = `http://127.0.0.1:${port}`
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] })

async function firstLoad(path: string): Promise<{ domContentLoadedMs: number; loadMs: number }> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${base}${path}`, { waitUntil: 'load' })
  const timing = await page.evaluate<{ domContentLoadedMs: number; loadMs: number }>(
    "(() => { const n = performance.getEntriesByType('navigation')[0]; return { domContentLoadedMs: n.domContentLoadedEventEnd, loadMs: n.loadEventEnd } })()",
  )
  await context.close()
  return timing
}

/**
 * CPU time the service (core and dashboard, one process with its threads) has used, from
 * /proc/<pid>/stat (utime + stime, in ticks of 10 ms). On a machine shared with other work a
 * page's wall-clock time grows with the load; the CPU it cost the service does not.
 */
function serviceCpuMs(): number {
  const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/** A torrent of the index, for its page: the newest one, as the library lists it first. */
async function newestInfoHash(): Promise<string> {
  const html = await (await fetch(`${base}/library`)).text()
  const hash = /href="\/library\/([0-9a-f]{40})"/.exec(html)?.[1]
  if (!hash) throw new Error('the library listed no torrent')
  return hash
}

const PAGES = [
  '/',
  '/library',
  // Typed, with the last word a prefix: a rare start, a common one, two words.
  '/library?q=lov',
  '/library?q=love',
  '/library?q=dark+sta',
  '/library?q=zzzzq',
  // Facets ticked: a content type (category keys), a resolution and a language (rows checked).
  '/library?content_type=movie',
  '/library?content_type=tv_show&resolution=1080p',
  '/library?resolution=2160p&source=bluray&year=2020',
  '/library?q=love&resolution=720p&file_type=subtitle',
  // Orders, and the last page of the capped depth.
  '/library?order=size',
  '/library?order=seeders&content_type=movie',
  '/library?q=night&order=relevance',
  '/library?page=100',
  '/library/blocked',
  '/wants',
  '/evidence',
  '/notifications',
  '/settings',
  '/setup',
]

const ms = (value: number) => `${value.toFixed(0).padStart(5)} ms`

try {
  const detail = `/library/${await newestInfoHash()}`
  for (const path of [...PAGES.slice(0, 15), detail, ...PAGES.slice(15)]) {
    const cpuBefore = serviceCpuMs()
    const first = await firstLoad(path)
    const firstCpuMs = serviceCpuMs() - cpuBefore
    const runs: { domContentLoadedMs: number; loadMs: number }[] = []
    for (let i = 0; i < RUNS; i++) runs.push(await firstLoad(path))
    const sorted = (key: 'domContentLoadedMs' | 'loadMs') => runs.map((run) => run[key]).sort((a, b) => a - b)
    const dcl = sorted('domContentLoadedMs')
    const load = sorted('loadMs')
    const shown = path.length > 52 ? `${path.slice(0, 51)}…` : path
    console.log(
      `${shown.padEnd(53)} first: DCL ${ms(first.domContentLoadedMs)}, load ${ms(first.loadMs)}, service CPU ${ms(firstCpuMs)} | then: DCL median ${ms(dcl[RUNS / 2]!)}, worst ${ms(dcl.at(-1)!)}; load median ${ms(load[RUNS / 2]!)}, worst ${ms(load.at(-1)!)}`,
    )
  }
} finally {
  await browser.close()
  child.kill()
  await child.exited
  rmSync(dataDir, { recursive: true, force: true })
}
