/**
 * Crawler processes report their status to the index and an `api` process shows them (issue 36):
 * real SQLite stores, a clock the test moves. The processes on a shared PostgreSQL index are in
 * tests/core/roles-processes.test.ts.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { type CrawlerStatus, createCrawlersElsewhere, startCrawlerReports } from '../../../src/dht'
import { combineReports } from '../../../src/dht/reports/combine-reports'
import { REPORT_STALE_MS } from '../../../src/dht/reports/crawler-reports'
import { openTestIndex, quietLog } from '../../support/test-index'

const crawling = (overrides: Partial<CrawlerStatus> = {}): CrawlerStatus => ({
  running: true,
  port: 6881,
  warning: null,
  routingNodes: 100,
  mode: 'crawling',
  paused: false,
  schedule: null,
  ...overrides,
})

const stops: (() => unknown)[] = []
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop()
})

describe('combineReports', () => {
  test('no report: nothing runs, and the pause is the operator’s', () => {
    expect(combineReports([], false)).toMatchObject({ running: false, routingNodes: 0, mode: 'crawling', paused: false, port: null })
    expect(combineReports([], true)).toMatchObject({ running: false, mode: 'paused', paused: true })
  })

  test('two crawlers: running when either runs, nodes summed, the first warning, no single port', () => {
    const warning = { code: 'no_responses' as const, message: 'no DHT response for 5 min', at: 1 }
    const combined = combineReports(
      [
        { crawlerId: 'a', status: crawling({ running: false, routingNodes: 0, warning }), reportedAtMs: 1 },
        { crawlerId: 'b', status: crawling({ routingNodes: 40, port: 6882 }), reportedAtMs: 1 },
      ],
      false,
    )
    expect(combined).toMatchObject({ running: true, routingNodes: 40, warning, port: null, mode: 'crawling' })
  })

  test('the operator’s pause wins over a report sent before it; a crawler paused by its own storage cap shows paused', () => {
    const report = { crawlerId: 'a', status: crawling(), reportedAtMs: 1 }
    expect(combineReports([report], true)).toMatchObject({ mode: 'paused', paused: true })
    const full = { crawlerId: 'a', status: crawling({ mode: 'paused' }), reportedAtMs: 1 }
    expect(combineReports([full], false)).toMatchObject({ mode: 'paused', paused: false })
  })
})

describe('reports through the index', () => {
  test('a crawler reports at once and withdraws its report when it stops; the api side reads it, and not once stale', async () => {
    const { store } = openTestIndex()
    let now = 1_000_000
    const status = crawling({ routingNodes: 7 })
    const reports = startCrawlerReports({
      store: store.crawlerControl,
      crawlerId: 'nas/1/x',
      status: () => status,
      log: quietLog,
      nowMs: () => now,
    })
    stops.push(() => reports.stop())
    const elsewhere = createCrawlersElsewhere({ store: store.crawlerControl, log: quietLog, nowMs: () => now })
    stops.push(() => elsewhere.stop())
    await elsewhere.ready
    expect(elsewhere.status()).toMatchObject({ running: true, routingNodes: 7, port: 6881 })

    // The pause is saved for the crawlers to follow, and the status says so at once.
    expect(await elsewhere.setPaused(true)).toMatchObject({ paused: true, mode: 'paused', running: true })
    expect(await store.crawlerControl.isPaused()).toBe(true)

    // A crawler that stopped reporting (killed) drops out once its report is stale.
    now += REPORT_STALE_MS + 1
    expect((await elsewhere.setPaused(false)).running).toBe(false)

    now -= REPORT_STALE_MS + 1
    await reports.stop()
    stops.pop()
    expect(await store.crawlerControl.reportsSince(0)).toEqual([])
  })

  test('a store that refuses a report is logged once, not thrown out of the timer', async () => {
    const { store } = openTestIndex()
    const warnings: string[] = []
    const log = { ...quietLog, warn: (msg: string) => void warnings.push(msg) }
    const refusing = { ...store.crawlerControl, saveReport: () => Promise.reject(new Error('database is locked')) }
    const reports = startCrawlerReports({ store: refusing, crawlerId: 'x', status: () => crawling(), log })
    await reports.stop()
    expect(warnings).toEqual(['crawler report not saved; the api processes may show the crawler as stopped'])
  })
})
