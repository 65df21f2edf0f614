import { eq } from 'drizzle-orm'
import type { CrawlerControlStore } from '../../dht'
import type { DatabaseHandle } from './open-database'
import { asPortMethods, neverCalled } from './port-call'
import * as schema from './schema'

const { crawlerControl } = schema

/** The crawler_control row: the operator's pause, kept across restarts. */
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
  }
  return { ...asPortMethods(methods), onExternalChange: neverCalled }
}
