import { and, count, eq, gt, gte, inArray, type SQL, sql } from 'drizzle-orm'
import type { FileType, TorrentFile } from '../../../metainfo'
import type { ReclassifyFilter, ReclassifyReport } from '../../../torrents'
import { writeTransaction } from '../../sqlite-file'
import type { ClassificationRows } from '../ingest/classification-rows'
import type { PersistClassification } from '../ingest/persist-classification'
import type { DatabaseHandle } from '../open-database'
import * as schema from '../schema'

const { torrents, torrentClassifications, torrentFiles } = schema

/**
 * The re-classification's pages: the next torrents by id matching a filter, each classified again
 * and stored (or deleted and blocked) as the writer would, a page per transaction.
 */
export function createReclassifyPages(
  db: DatabaseHandle,
  deps: { classifications: ClassificationRows; persistClassification: PersistClassification },
) {
  const { orm } = db
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
    const outcome = deps.persistClassification(
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

    reclassifyPage: writeTransaction(
      db.sqlite,
      (filter: ReclassifyFilter, afterId: number, limit: number, nowSeconds: number): ReclassifyReport => {
        const report: ReclassifyReport = { processed: 0, changed: 0, deleted: 0, lastId: afterId }
        const rows = pageOf(filter, afterId, limit)
        const hasLabels = deps.classifications.hasAnyLabel()
        for (const row of rows) reclassifyOne(row, hasLabels, nowSeconds, report)
        report.lastId = rows.at(-1)?.id ?? afterId
        return report
      },
    ),
  }
}
