import type { Database } from 'bun:sqlite'
import type { FileType, TorrentFile } from '../metainfo'
import type { Classifier } from './classifier'
import { createClassificationRepository } from './repository'

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

interface TorrentRow {
  id: number
  info_hash: Uint8Array
  name: string
  size: number
  files_count: number | null
  content_type: string | null
  categories: string | null
}

/**
 * Re-runs the current rules over stored torrents, in batches of one transaction each (so the
 * service keeps reading, and a stop part-way leaves every finished batch in place). Walks by id,
 * not by offset, so each batch is one index range however far it has got.
 */
export function createReclassifier(deps: { db: Database; classifier: Classifier; batchSize: number }) {
  const classifications = createClassificationRepository(deps.db)
  const filesOf = deps.db.prepare<
    { file_index: number; path: string; size: number; extension: string | null; file_type: string },
    [number]
  >('SELECT file_index, path, size, extension, file_type FROM torrent_files WHERE torrent_id = ? ORDER BY file_index')
  const deleteTorrent = deps.db.prepare('DELETE FROM torrents WHERE id = ?')

  const where = (filter: ReclassifyFilter) => {
    const clauses: string[] = []
    const params: (string | number)[] = []
    if (filter.contentType) {
      clauses.push('c.content_type = ?')
      params.push(filter.contentType)
    }
    if (filter.contentTypes?.length) {
      clauses.push(`c.content_type IN (${filter.contentTypes.map(() => '?').join(',')})`)
      params.push(...filter.contentTypes)
    }
    if (filter.infoHashes) {
      clauses.push(`t.info_hash IN (${filter.infoHashes.map(() => '?').join(',') || 'NULL'})`)
      params.push(...(filter.infoHashes.map((hash) => Buffer.from(hash, 'hex')) as unknown as string[]))
    }
    if (filter.sinceSeconds !== undefined) {
      clauses.push('t.published_at >= ?')
      params.push(filter.sinceSeconds)
    }
    return { sql: clauses.map((clause) => ` AND ${clause}`).join(''), params }
  }
  const fromClause = 'FROM torrents t LEFT JOIN torrent_classifications c ON c.torrent_id = t.id WHERE t.id > ?'

  const reclassifyOne = (row: TorrentRow, hasLabels: boolean, nowSeconds: number, report: ReclassifyReport) => {
    const files: TorrentFile[] | null =
      row.files_count === null
        ? null
        : filesOf.all(row.id).map((file) => ({
            index: file.file_index,
            path: file.path,
            sizeBytes: file.size,
            extension: file.extension,
            fileType: file.file_type as FileType,
          }))
    const outcome = deps.classifier.classify(
      { name: row.name, sizeBytes: row.size, files, tags: classifications.operatorTagsOf(row.id) },
      hasLabels ? classifications.findLabel(row.info_hash) : null,
    )
    report.processed++
    if (outcome.deletedBy !== null) {
      deleteTorrent.run(row.id)
      classifications.block(row.info_hash, outcome.deletedBy, nowSeconds)
      report.deleted++
      return
    }
    const { classification } = outcome
    if (classification.contentType !== row.content_type || JSON.stringify(classification.categories) !== row.categories) report.changed++
    classifications.store(row.id, classification, nowSeconds)
  }

  return {
    count(filter: ReclassifyFilter): number {
      const { sql, params } = where(filter)
      const row = deps.db.query(`SELECT count(*) AS n ${fromClause}${sql}`).get(0, ...params) as { n: number }
      return row.n
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
      const { sql, params } = where(filter)
      const page = deps.db.prepare<TorrentRow, (string | number)[]>(
        `SELECT t.id, t.info_hash, t.name, t.size, t.files_count, c.content_type, c.categories ${fromClause}${sql} ORDER BY t.id LIMIT ?`,
      )
      const report: ReclassifyReport = { processed: 0, changed: 0, deleted: 0, lastId: chunk.afterId ?? 0 }
      const runBatch = deps.db.transaction((rows: TorrentRow[]) => {
        const hasLabels = classifications.hasAnyLabel()
        const nowSeconds = Math.floor(Date.now() / 1000)
        for (const row of rows) reclassifyOne(row, hasLabels, nowSeconds, report)
      })
      const maxRows = chunk.maxRows ?? Infinity
      while (report.processed < maxRows) {
        const rows = page.all(report.lastId, ...params, Math.min(deps.batchSize, maxRows - report.processed))
        if (rows.length === 0) break
        runBatch(rows)
        report.lastId = rows.at(-1)!.id
        onBatch(report)
      }
      return report
    },
  }
}
