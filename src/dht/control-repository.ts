import { eq } from 'drizzle-orm'
import { type DatabaseHandle, schema } from '../db'

const { crawlerControl } = schema

/** The crawler_control row: the operator's pause, kept across restarts. */
export function createCrawlerControlRepository(db: DatabaseHandle) {
  const { orm } = db
  return {
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
  }
}

export type CrawlerControlRepository = ReturnType<typeof createCrawlerControlRepository>
