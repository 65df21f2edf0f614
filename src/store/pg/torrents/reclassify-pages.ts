import type { SQL } from 'bun'
import type { GroundTruthLabel } from '../../../classify'
import type { WritePolicies } from '../../../ingest'
import { bytesToHex, hexToBytes } from '../../../metainfo'
import type { ReclassifyFilter, ReclassifyReport, ReclassifyStore } from '../../../torrents'
import { int, intOrNull, pgCall } from '../pools'
import { type ClassificationWrite, deleteAndBlockByRule, storeClassifications } from './classification-writes'
import { hasAnyLabel, labelsOf } from './labels'
import { torrentFilesOf } from './torrent-rows'

/**
 * The re-classification's pages: the next torrents by id matching a filter, read with what the
 * classifier needs in one round, classified in code and stored (or deleted and blocked) as a set,
 * a page per transaction. The page's rows are locked, so a batch writing one of them waits.
 */
export function createPgReclassifyPages(primary: SQL, policies: WritePolicies): ReclassifyStore {
  const count = async (filter: ReclassifyFilter): Promise<number> => {
    const { where, params } = whereOf(filter, 0)
    const [row] = await primary.unsafe(
      `SELECT count(*) AS n FROM torrents t LEFT JOIN torrent_classifications c ON c.torrent_id = t.id WHERE ${where}`,
      params,
    )
    return int(row.n)
  }

  const reclassifyPage = (filter: ReclassifyFilter, afterId: number, limit: number, nowSeconds: number): Promise<ReclassifyReport> =>
    primary.begin(async (tx) => {
      const { where, params } = whereOf(filter, afterId)
      const rows = await tx.unsafe(
        `SELECT t.id, t.info_hash, t.name, t.size, t.files_count, t.published_at, c.content_type, c.categories
         FROM torrents t LEFT JOIN torrent_classifications c ON c.torrent_id = t.id
         WHERE ${where} ORDER BY t.id LIMIT $${params.length + 1} FOR UPDATE OF t`,
        [...params, limit],
      )
      const report: ReclassifyReport = { processed: 0, changed: 0, deleted: 0, lastId: afterId }
      if (rows.length === 0) return report
      const ids = rows.map((row: { id: unknown }) => int(row.id))
      const withFiles = rows.filter((row: { files_count: unknown }) => row.files_count !== null).map((row: { id: unknown }) => int(row.id))
      const [files, tagRows, labelsExist] = await Promise.all([
        torrentFilesOf(tx, withFiles),
        tx`SELECT torrent_id, tag FROM torrent_tags WHERE NOT by_rule AND torrent_id = ANY(${ids}::int8[]) ORDER BY tag`,
        hasAnyLabel(tx),
      ])
      const labels = labelsExist
        ? await labelsOf(
            tx,
            rows.map((row: { info_hash: Uint8Array }) => row.info_hash),
          )
        : new Map<string, GroundTruthLabel>()
      const tags = new Map<number, string[]>()
      for (const row of tagRows) tags.set(int(row.torrent_id), [...(tags.get(int(row.torrent_id)) ?? []), row.tag])
      const writes: ClassificationWrite[] = []
      const deletes: { torrentId: number; infoHash: Uint8Array; ruleId: string }[] = []
      for (const row of rows) {
        const torrentId = int(row.id)
        const outcome = policies.classify({
          name: row.name,
          sizeBytes: int(row.size),
          files: intOrNull(row.files_count) === null ? null : (files.get(torrentId) ?? []),
          operatorTags: tags.get(torrentId) ?? [],
          label: labelsExist ? (labels.get(bytesToHex(row.info_hash)) ?? null) : null,
          labelsExist,
          isNewRow: false,
        })
        report.processed++
        if (outcome.deletedBy !== null) {
          report.deleted++
          deletes.push({ torrentId, infoHash: row.info_hash, ruleId: outcome.deletedBy })
          continue
        }
        const { classification } = outcome
        if (classification.contentType !== row.content_type || JSON.stringify(classification.categories) !== row.categories)
          report.changed++
        writes.push({
          torrentId,
          classification,
          name: row.name,
          publishedAt: int(row.published_at),
          categoriesBefore: row.categories,
        })
      }
      await Promise.all([storeClassifications(tx, writes, nowSeconds), deleteAndBlockByRule(tx, deletes, nowSeconds)])
      report.lastId = ids.at(-1)!
      return report
    })

  return { count: pgCall(count), reclassifyPage: pgCall(reclassifyPage) }
}

/** The filter as a WHERE clause over `t` (torrents) and `c` (their classification), with its parameters. */
function whereOf(filter: ReclassifyFilter, afterId: number): { where: string; params: unknown[] } {
  const params: unknown[] = [afterId]
  const clauses = ['t.id > $1']
  const bind = (value: unknown) => {
    params.push(value)
    return `$${params.length}`
  }
  if (filter.contentType) clauses.push(`c.content_type = ${bind(filter.contentType)}`)
  if (filter.contentTypes?.length) clauses.push(`c.content_type = ANY(${bind(filter.contentTypes)}::text[])`)
  if (filter.infoHashes) clauses.push(`t.info_hash = ANY(${bind(filter.infoHashes.map(hexToBytes))}::bytea[])`)
  if (filter.sinceSeconds !== undefined) clauses.push(`t.published_at >= ${bind(filter.sinceSeconds)}`)
  return { where: clauses.join(' AND '), params }
}
