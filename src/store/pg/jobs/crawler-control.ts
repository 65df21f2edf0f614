import type { SQL } from 'bun'
import type { CrawlerControlStore } from '../../../dht'
import { pgCall } from '../pools'
import type { ChangeFeed } from './changes'

/** The crawler_control row: the operator's pause, kept across restarts and told to the other processes. */
export function createPgCrawlerControlStore(sql: SQL, changes: ChangeFeed): CrawlerControlStore {
  return {
    isPaused: pgCall(async () => {
      const [row] = await sql`SELECT paused FROM crawler_control WHERE id = 1`
      return row ? (row.paused as boolean) : false
    }),
    savePaused: pgCall(async (paused: boolean, changedAt: string) => {
      await sql.begin(async (tx) => {
        await tx`INSERT INTO crawler_control (id, paused, changed_at) VALUES (1, ${paused}, ${changedAt})
          ON CONFLICT (id) DO UPDATE SET paused = excluded.paused, changed_at = excluded.changed_at`
        await changes.announce(tx, 'crawler_control')
      })
    }),
    onExternalChange: (listener) => changes.on('crawler_control', listener),
  }
}
