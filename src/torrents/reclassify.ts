import { and, count, eq, gt, gte, inArray, type SQL, sql } from 'drizzle-orm'
import { type DatabaseHandle, schema, writeTransaction } from '../db'
import type { FileType, TorrentFile } from '../metainfo'
import type { ClassificationStore } from './classification-store'
import type { ClassifyAndPersist } from './classify-and-persist'

const { torrents, torrentClassifications, torrentFiles } = schema

export interface ReclassifyFilter {
  /** Only torrents currently of this content type. */
  contentType?: string
  /** Only torrents currently of one of these content types. */
  contentTypes?: string[]
  /** Only these torrents (40-hex info hashes). */
  infoHashes?: string[]
  /** Only torrents published (first visible) at or after this Unix time. */
  sinceSeconds?: number
}

export interface ReclassifyReport {
  processed: number
  /** The id of the last torrent read; a chunked run carries on after it. */
  lastId: number
  /** Torrents whose content type or categories changed. */
  changed: number
  /** Torrents a rule now deletes (banned content); they are removed and blocked. */
  deleted: number
}

/**
 * Re-runs the current rules over stored torrents, in batches of one transaction each (so the
 * service keeps reading, and a stop part-way leaves every finished batch in place). Walks by id,
 * not by offset, so each batch is one index range however far it has got.
 */
export function createReclassifier(deps: {
  db: DatabaseHandle
  classifications: ClassificationStore
  classifyAndPersist: ClassifyAndPersist
  batchSize: number
}) {
  const { orm } = deps.db
  // Prepared once: it runs for every torrent re-classified.
  const filesOf = orm
    .select()
    .from(torrentFiles)
    .where(eq(torrentFiles.torrentId, sql.placeholder('torrentId')))
    .orderBy(torrentFiles.fileIndex)
    .prepare()

  const where = (filter: ReclassifyFilter, afterId: number): SQL | undefined => {
    const clauses: (SQL | undefined)[] = [gt(torrents.id, afterId)]
    if (filter.contentType) clauses.push(eq(torrentClassifications.contentType, filter.contentType))
    if (filter.contentTypes?.length) clauses.push(inArray(torrentClassifications.contentType, filter.contentTypes))
    if (filter.infoHashes)
      clauses.push(
        inArray(
          torrents.infoHash,
          filter.infoHashes.map((hash) => Buffer.from(hash, 'hex')),
        ),
      )
    if (filter.sinceSeconds !== undefined) clauses.push(gte(torrents.publishedAt, filter.sinceSeconds))
    return and(...clauses)
  }

  const pageOf = (filter: ReclassifyFilter, afterId: number, limit: number) =>
    orm
      .select({
        id: torrents.id,
        infoHash: torrents.infoHash,
        name: torrents.name,
        size: torrents.size,
        filesCount: torrents.filesCount,
        contentType: torrentClassifications.contentType,
        categories: torrentClassifications.categories,
      })
      .from(torrents)
      .leftJoin(torrentClassifications, eq(torrentClassifications.torrentId, torrents.id))
      .where(where(filter, afterId))
      .orderBy(torrents.id)
      .limit(limit)
      .all()
  type PageRow = ReturnType<typeof pageOf>[number]

  const reclassifyOne = (row: PageRow, hasLabels: boolean, nowSeconds: number, report: ReclassifyReport) => {
    const files: TorrentFile[] | null =
      row.filesCount === null
        ? null
        : filesOf.all({ torrentId: row.id }).map((file) => ({
            index: file.fileIndex,
            path: file.path,
            sizeBytes: file.size,
            extension: file.extension,
            fileType: file.fileType as FileType,
          }))
    const outcome = deps.classifyAndPersist(
      { torrentId: row.id, infoHash: row.infoHash, name: row.name, sizeBytes: row.size, files },
      { newRow: null, hasLabels, nowSeconds },
    )
    report.processed++
    if (outcome.deletedBy !== null) {
      report.deleted++
      return
    }
    const { classification } = outcome
    if (classification.contentType !== row.contentType || JSON.stringify(classification.categories) !== JSON.stringify(row.categories))
      report.changed++
  }

  return {
    count(filter: ReclassifyFilter): number {
      const [row] = orm
        .select({ n: count() })
        .from(torrents)
        .leftJoin(torrentClassifications, eq(torrentClassifications.torrentId, torrents.id))
        .where(where(filter, 0))
        .all()
      return row?.n ?? 0
    },

    /**
     * Re-classifies the torrents matching `filter` with an id above `afterId`, at most `maxRows`
     * of them (a queue job takes one chunk at a time so the service keeps answering).
     */
    run(
      filter: ReclassifyFilter,
      onBatch: (report: Readonly<ReclassifyReport>) => void = () => {},
      chunk: { afterId?: number; maxRows?: number } = {},
    ): ReclassifyReport {
      const report: ReclassifyReport = { processed: 0, changed: 0, deleted: 0, lastId: chunk.afterId ?? 0 }
      const runBatch = writeTransaction(deps.db.sqlite, (rows: PageRow[]) => {
        const hasLabels = deps.classifications.hasAnyLabel()
        const nowSeconds = Math.floor(Date.now() / 1000)
        for (const row of rows) reclassifyOne(row, hasLabels, nowSeconds, report)
      })
      const maxRows = chunk.maxRows ?? Infinity
      while (report.processed < maxRows) {
        const rows = pageOf(filter, report.lastId, Math.min(deps.batchSize, maxRows - report.processed))
        if (rows.length === 0) break
        runBatch(rows)
        report.lastId = rows.at(-1)!.id
        onBatch(report)
      }
      return report
    },
  }
}

export type Reclassifier = ReturnType<typeof createReclassifier>
