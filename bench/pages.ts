/**
 * Dashboard pages benchmark (issue 16): the whole service over the search bench's index of N
 * torrents (bench/out/search-N.db; `bun bench/search.ts N` builds it), with Debian's Chromium.
 * Prints the first load of `/` and `/library` (a fresh browser context each time, so nothing is
 * cached): DOMContentLoaded and load, median and worst of 10, after one warm-up.
 * Goal: DOMContentLoaded <= 300 ms at 1,000,000 torrents.
 *   bun bench/pages.ts [count]
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
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
const port = await new Promise<number>((resolve, reject) => {
  setTimeout(() => reject(new Error('service did not start')), 300_000)
  collectLines(child.stderr, (line) => {
    const record = safeJson(line)
    if (record?.msg === 'dashboard listening') resolve(Number(record.port))
  })
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

try {
  for (const path of ['/', '/library', '/library?q=love', '/wants']) {
    await firstLoad(path)
    const runs: { domContentLoadedMs: number; loadMs: number }[] = []
    for (let i = 0; i < RUNS; i++) runs.push(await firstLoad(path))
    const sorted = (key: 'domContentLoadedMs' | 'loadMs') => runs.map((run) => run[key]).sort((a, b) => a - b)
    const dcl = sorted('domContentLoadedMs')
    const load = sorted('loadMs')
    console.log(
      `${path.padEnd(16)} DOMContentLoaded median ${dcl[RUNS / 2]!.toFixed(0).padStart(4)} ms, worst ${dcl.at(-1)!.toFixed(0).padStart(4)} ms; load median ${load[RUNS / 2]!.toFixed(0).padStart(4)} ms`,
    )
  }
} finally {
  await browser.close()
  child.kill()
  await child.exited
  rmSync(dataDir, { recursive: true, force: true })
}
