import { eq, gte } from 'drizzle-orm'
import type { CrawlerControlStore, CrawlerReport } from '../../dht'
import type { DatabaseHandle } from './open-database'
import { asPortMethods, neverCalled } from './port-call'
import * as schema from './schema'

const { crawlerControl, crawlerReports } = schema

/** The crawler_control row (the operator's pause, kept across restarts) and the crawlers' reports. */
export function createSqliteCrawlerControlStore(db: DatabaseHandle): CrawlerControlStore {
  const { orm } = db
  const methods = {
    isPaused(): boolean {
      return orm.select({ paused: crawlerControl.paused }).from(crawlerControl).where(eq(crawlerControl.id, 1)).get()?.paused ?? false
    },
    savePaused(paused: boolean, changedAt: string): void {
      orm
        .insert(crawlerControl)
        .values({ id: 1, paused, changedAt })
        .onConflictDoUpdate({ target: crawlerControl.id, set: { paused, changedAt } })
        .run()
    },
    storageFull(): string | null {
      return (
        orm.select({ storageFull: crawlerControl.storageFull }).from(crawlerControl).where(eq(crawlerControl.id, 1)).get()?.storageFull ??
        null
      )
    },
    saveStorageFull(storageFull: string | null, changedAt: string): void {
      orm
        .insert(crawlerControl)
        .values({ id: 1, paused: false, changedAt, storageFull })
        .onConflictDoUpdate({ target: crawlerControl.id, set: { storageFull } })
        .run()
    },
    saveReport({ crawlerId, status, reportedAtMs }: CrawlerReport): void {
      orm
        .insert(crawlerReports)
        .values({ crawlerId, status, reportedAt: reportedAtMs })
        .onConflictDoUpdate({ target: crawlerReports.crawlerId, set: { status, reportedAt: reportedAtMs } })
        .run()
    },
    deleteReport(crawlerId: string): void {
      orm.delete(crawlerReports).where(eq(crawlerReports.crawlerId, crawlerId)).run()
    },
    reportsSince(sinceMs: number): CrawlerReport[] {
      return orm
        .select()
        .from(crawlerReports)
        .where(gte(crawlerReports.reportedAt, sinceMs))
        .orderBy(crawlerReports.crawlerId)
        .all()
        .map((row) => ({ crawlerId: row.crawlerId, status: row.status, reportedAtMs: row.reportedAt }))
    },
  }
  return { ...asPortMethods(methods), onExternalChange: neverCalled }
}
