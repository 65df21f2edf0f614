import type { Logger } from '../../log'
import type { CrawlerControlStore } from '../store-port'
import type { CrawlerStatus } from '../crawler-status'
import { combineReports } from './combine-reports'

/** How often a crawler process tells the index its status, and an `api` process reads them. */
export const REPORT_INTERVAL_MS = 5_000
/** A report older than this is a crawler that stopped without saying so (killed, or cut off). */
export const REPORT_STALE_MS = 3 * REPORT_INTERVAL_MS

/**
 * A crawler process (SERVICE_ROLE=crawler) tells the index how it is doing, at once and then every
 * REPORT_INTERVAL_MS, so the `api` processes can show it; stop() withdraws the report. A report the
 * store refuses is logged and tried again at the next beat.
 */
export function startCrawlerReports(deps: {
  store: CrawlerControlStore
  crawlerId: string
  status: () => CrawlerStatus
  log: Logger
  nowMs?: () => number
}) {
  const nowMs = deps.nowMs ?? (() => Date.now())
  let failing = false
  let beat: Promise<void> = Promise.resolve()
  const report = () => {
    beat = deps.store.saveReport({ crawlerId: deps.crawlerId, status: deps.status(), reportedAtMs: nowMs() }).then(
      () => {
        if (failing) deps.log.info('crawler reports reach the index again')
        failing = false
      },
      (err) => {
        if (!failing) deps.log.warn('crawler report not saved; the api processes may show the crawler as stopped', { err })
        failing = true
      },
    )
  }
  report()
  const timer = setInterval(report, REPORT_INTERVAL_MS)
  return {
    async stop(): Promise<void> {
      clearInterval(timer)
      await beat
      await deps.store.deleteReport(deps.crawlerId).catch((err) => deps.log.warn('crawler report not withdrawn', { err }))
    },
  }
}

/**
 * What an `api` process knows of the crawlers running in other processes: their reports (read
 * every REPORT_INTERVAL_MS and after a pause changes) and the operator's pause, which it saves
 * for them to follow (the store tells the other processes). status() answers from the last read,
 * so the health check and the dashboard's figures never wait on the database.
 */
export function createCrawlersElsewhere(deps: { store: CrawlerControlStore; log: Logger; nowMs?: () => number }) {
  const nowMs = deps.nowMs ?? (() => Date.now())
  let status = combineReports([], false)
  let failing = false
  const refresh = async (): Promise<void> => {
    try {
      const [reports, paused] = await Promise.all([deps.store.reportsSince(nowMs() - REPORT_STALE_MS), deps.store.isPaused()])
      status = combineReports(reports, paused)
      failing = false
    } catch (err) {
      if (!failing) deps.log.warn('crawler reports not read', { err })
      failing = true
    }
  }
  const timer = setInterval(() => void refresh(), REPORT_INTERVAL_MS)
  const stopFollowing = deps.store.onExternalChange(() => void refresh())
  return {
    /** Reads the reports once, before the first status is asked for. */
    ready: refresh(),
    status: (): CrawlerStatus => status,
    /** The operator's pause or resume, kept in the index; each crawler follows it within its next tick. */
    async setPaused(paused: boolean): Promise<CrawlerStatus> {
      await deps.store.savePaused(paused, new Date(nowMs()).toISOString())
      await refresh()
      return status
    },
    stop(): void {
      clearInterval(timer)
      stopFollowing()
    },
  }
}

export type CrawlersElsewhere = ReturnType<typeof createCrawlersElsewhere>
