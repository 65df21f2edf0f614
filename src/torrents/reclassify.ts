import type { ReclassifyFilter, ReclassifyReport, ReclassifyStore } from './store-port'

/**
 * Re-runs the current rules over stored torrents, in batches of one transaction each (so the
 * service keeps reading, and a stop part-way leaves every finished batch in place). Walks by id,
 * not by offset, so each batch is one index range however far it has got.
 */
export function createReclassifier(deps: { store: ReclassifyStore; batchSize: number; nowSeconds?: () => number }) {
  const nowSeconds = deps.nowSeconds ?? (() => Math.floor(Date.now() / 1000))
  return {
    count: (filter: ReclassifyFilter): Promise<number> => deps.store.count(filter),

    /**
     * Re-classifies the torrents matching `filter` with an id above `afterId`, at most `maxRows`
     * of them (a queue job takes one chunk at a time so the service keeps answering).
     */
    async run(
      filter: ReclassifyFilter,
      onBatch: (report: Readonly<ReclassifyReport>) => void = () => {},
      chunk: { afterId?: number; maxRows?: number } = {},
    ): Promise<ReclassifyReport> {
      const report: ReclassifyReport = { processed: 0, changed: 0, deleted: 0, lastId: chunk.afterId ?? 0 }
      const maxRows = chunk.maxRows ?? Infinity
      while (report.processed < maxRows) {
        const page = await deps.store.reclassifyPage(
          filter,
          report.lastId,
          Math.min(deps.batchSize, maxRows - report.processed),
          nowSeconds(),
        )
        if (page.processed === 0) break
        report.processed += page.processed
        report.changed += page.changed
        report.deleted += page.deleted
        report.lastId = page.lastId
        onBatch(report)
      }
      return report
    },
  }
}

export type Reclassifier = ReturnType<typeof createReclassifier>
