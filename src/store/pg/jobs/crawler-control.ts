import type { SQL } from 'bun'
import type { CrawlerControlStore, CrawlerReport } from '../../../dht'
import { int, pgCall } from '../pools'
import type { ChangeFeed } from './changes'

/**
 * The crawler_control row (the operator's pause, kept across restarts and told to the other
 * processes) and the crawler processes' reports.
 */
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
    storageFull: pgCall(async () => {
      const [row] = await sql`SELECT storage_full FROM crawler_control WHERE id = 1`
      return (row?.storage_full as string | null | undefined) ?? null
    }),
    saveStorageFull: pgCall(async (message: string | null, changedAt: string) => {
      await sql.begin(async (tx) => {
        await tx`INSERT INTO crawler_control (id, paused, changed_at, storage_full) VALUES (1, false, ${changedAt}, ${message})
          ON CONFLICT (id) DO UPDATE SET storage_full = excluded.storage_full`
        await changes.announce(tx, 'crawler_control')
      })
    }),
    saveReport: pgCall(async ({ crawlerId, status, reportedAtMs }: CrawlerReport) => {
      await sql`INSERT INTO crawler_reports (crawler_id, status, reported_at) VALUES (${crawlerId}, ${JSON.stringify(status)}, ${reportedAtMs})
        ON CONFLICT (crawler_id) DO UPDATE SET status = excluded.status, reported_at = excluded.reported_at`
    }),
    deleteReport: pgCall(async (crawlerId: string) => {
      await sql`DELETE FROM crawler_reports WHERE crawler_id = ${crawlerId}`
    }),
    reportsSince: pgCall(async (sinceMs: number) => {
      const rows =
        await sql`SELECT crawler_id, status, reported_at FROM crawler_reports WHERE reported_at >= ${sinceMs} ORDER BY crawler_id`
      return rows.map((row: { crawler_id: string; status: string; reported_at: unknown }) => ({
        crawlerId: row.crawler_id,
        status: JSON.parse(row.status),
        reportedAtMs: int(row.reported_at),
      }))
    }),
  }
}
