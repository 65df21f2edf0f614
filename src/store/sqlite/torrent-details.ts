import { and, asc, count, desc, eq, getTableColumns, gt, gte, inArray, lt, notInArray, type SQL, sql, sum } from 'drizzle-orm'
import { unionAll } from 'drizzle-orm/sqlite-core'
import type { ExplainedRow } from '../../classify'
import type { FilesQuery, SourceMetricRow, TorrentDetailsStore } from '../../graphql'
import { bytesToHex } from '../../metainfo'
import type { DatabaseHandle } from './open-database'
import { asPortMethods } from './port-call'
import * as schema from './schema'

const { torrents, torrentClassifications, torrentFiles, torrentSources, torrentTags, sources } = schema

/** The stored parse an explanation reads: every classification column but the key, the categories and the time. */
const { torrentId: _id, categories: _categories, classifiedAt: _at, ...classificationColumns } = getTableColumns(torrentClassifications)

type TimeColumn = typeof torrentSources.publishedAt | typeof torrentSources.updatedAt

/** Keys per statement: a page of search items is at most a few hundred. */
const KEYS_PER_READ = 500

/** `read` over `keys` a slice at a time, its rows gathered per key in the order read. */
function gather<K, Row, V>(keys: readonly K[], read: (slice: K[]) => Row[], keyOf: (row: Row) => K, pick: (row: Row) => V): Map<K, V[]> {
  const byKey = new Map<K, V[]>()
  for (let start = 0; start < keys.length; start += KEYS_PER_READ)
    for (const row of read(keys.slice(start, start + KEYS_PER_READ))) {
      const key = keyOf(row)
      const values = byKey.get(key)
      if (values) values.push(pick(row))
      else byKey.set(key, [pick(row)])
    }
  return byKey
}

/** The GraphQL API's torrent-level reads: a page of search items' details per call, files, tags, sources. */
export function createSqliteTorrentDetailsStore(db: DatabaseHandle): TorrentDetailsStore {
  const { orm } = db
  const hashes = (infoHashes: readonly string[]) => infoHashes.map((hash) => Buffer.from(hash, 'hex'))
  const methods = {
    times(infoHashes: readonly string[]): Map<string, { updatedAt: number; swarmCheckedAt: number }> {
      const rows = gather(
        infoHashes,
        (slice) =>
          orm
            .select({ infoHash: torrents.infoHash, updatedAt: torrents.updatedAt, swarmCheckedAt: torrents.swarmCheckedAt })
            .from(torrents)
            .where(inArray(torrents.infoHash, hashes(slice)))
            .all(),
        (row) => bytesToHex(row.infoHash),
        ({ updatedAt, swarmCheckedAt }) => ({ updatedAt, swarmCheckedAt }),
      )
      return new Map([...rows].map(([hash, [times]]) => [hash, times!]))
    },

    explanations(infoHashes: readonly string[]): Map<string, { codes: string; row: ExplainedRow }> {
      const rows = gather(
        infoHashes,
        (slice) =>
          orm
            .select({ infoHash: torrents.infoHash, ...classificationColumns, sizeBytes: torrents.size, filesCount: torrents.filesCount })
            .from(torrents)
            .innerJoin(torrentClassifications, eq(torrentClassifications.torrentId, torrents.id))
            .where(inArray(torrents.infoHash, hashes(slice)))
            .all(),
        (row) => bytesToHex(row.infoHash),
        (row) => row,
      )
      const explained = new Map<string, { codes: string; row: ExplainedRow }>()
      for (const [hash, [stored]] of rows) {
        const { infoHash: _hash, explanation, sizeBytes, filesCount, contentType, confidence, status, firedRules, ...parsed } = stored!
        if (explanation)
          explained.set(hash, { codes: explanation, row: { contentType, confidence, status, firedRules, sizeBytes, filesCount, parsed } })
      }
      return explained
    },

    sources(torrentIds: readonly number[]): Map<number, { key: string; name: string }[]> {
      return gather(
        torrentIds,
        (slice) =>
          orm
            .select({ torrentId: torrentSources.torrentId, key: sources.key, name: sources.name })
            .from(torrentSources)
            .innerJoin(sources, eq(sources.id, torrentSources.sourceId))
            .where(inArray(torrentSources.torrentId, slice))
            .orderBy(torrentSources.torrentId, torrentSources.publishedAt, sources.key)
            .all(),
        (row) => row.torrentId,
        ({ key, name }) => ({ key, name }),
      )
    },

    tags(torrentIds: readonly number[]): Map<number, string[]> {
      return gather(
        torrentIds,
        (slice) =>
          orm
            .select({ torrentId: torrentTags.torrentId, tag: torrentTags.tag })
            .from(torrentTags)
            .where(inArray(torrentTags.torrentId, slice))
            .orderBy(torrentTags.torrentId, torrentTags.tag)
            .all(),
        (row) => row.torrentId,
        (row) => row.tag,
      )
    },

    fileTypes(torrentIds: readonly number[]): Map<number, string[]> {
      const bytes = sum(torrentFiles.size)
      return gather(
        torrentIds,
        (slice) =>
          orm
            .select({ torrentId: torrentFiles.torrentId, fileType: torrentFiles.fileType, bytes })
            .from(torrentFiles)
            .where(inArray(torrentFiles.torrentId, slice))
            .groupBy(torrentFiles.torrentId, torrentFiles.fileType)
            .orderBy(torrentFiles.torrentId, desc(bytes), torrentFiles.fileType)
            .all(),
        (row) => row.torrentId,
        (row) => row.fileType,
      )
    },

    listedFiles(torrentIds: readonly number[]): Map<number, { count: number; sizeBytes: number }> {
      const rows = gather(
        torrentIds,
        (slice) =>
          orm
            .select({ torrentId: torrentFiles.torrentId, count: count(), sizeBytes: sql<number>`total(${torrentFiles.size})` })
            .from(torrentFiles)
            .where(inArray(torrentFiles.torrentId, slice))
            .groupBy(torrentFiles.torrentId)
            .all(),
        (row) => row.torrentId,
        ({ count, sizeBytes }) => ({ count, sizeBytes }),
      )
      return new Map([...rows].map(([id, [listed]]) => [id, listed!]))
    },

    // One more than `limit` is read to tell whether another page follows.
    files(query: FilesQuery) {
      const { infoHashes, order, limit, offset } = query
      const where = infoHashes ? inArray(torrents.infoHash, hashes(infoHashes)) : undefined
      const direction = order.descending ? desc : asc
      const items = orm
        .select({
          infoHash: torrents.infoHash,
          fileIndex: torrentFiles.fileIndex,
          path: torrentFiles.path,
          size: torrentFiles.size,
          extension: torrentFiles.extension,
          fileType: torrentFiles.fileType,
          publishedAt: torrents.publishedAt,
          updatedAt: torrents.updatedAt,
        })
        .from(torrentFiles)
        .innerJoin(torrents, eq(torrents.id, torrentFiles.torrentId))
        .where(where)
        .orderBy(direction(torrentFiles[order.column]), torrents.infoHash, torrentFiles.fileIndex)
        .limit(limit + 1)
        .offset(offset)
        .all()
      const hasNextPage = items.length > limit
      const total = query.countTotal
        ? orm.select({ n: count() }).from(torrentFiles).innerJoin(torrents, eq(torrents.id, torrentFiles.torrentId)).where(where).get()!.n
        : offset + Math.min(items.length, limit)
      return { items: items.slice(0, limit).map((row) => ({ ...row, infoHash: bytesToHex(row.infoHash) })), total, hasNextPage }
    },

    listSources: () => orm.select({ key: sources.key, name: sources.name }).from(sources).orderBy(sources.key).all(),

    suggestTags(prefix: string, exclusions: readonly string[], limit: number) {
      const uses = count()
      return orm
        .select({ name: torrentTags.tag, count: uses })
        .from(torrentTags)
        .where(and(gte(torrentTags.tag, prefix), lt(torrentTags.tag, `${prefix}\uffff`), notInArray(torrentTags.tag, [...exclusions])))
        .groupBy(torrentTags.tag)
        .orderBy(desc(uses), torrentTags.tag)
        .limit(limit)
        .all()
    },

    sourceMetrics(
      bucketSeconds: number,
      sourceKeys: readonly string[] | null,
      startSeconds: number | null,
      endSeconds: number | null,
    ): SourceMetricRow[] {
      const bucketOf = (column: TimeColumn) => sql<number>`(${column} / ${bucketSeconds}) * ${bucketSeconds}`
      const window = (column: TimeColumn): SQL[] => [
        ...(sourceKeys?.length ? [inArray(sources.key, [...sourceKeys])] : []),
        ...(startSeconds !== null ? [gte(column, Math.floor(startSeconds))] : []),
        ...(endSeconds !== null ? [lt(column, Math.floor(endSeconds))] : []),
      ]
      const countsBy = (column: TimeColumn, updated: 0 | 1, ...extra: SQL[]) => {
        const bucket = bucketOf(column)
        return orm
          .select({
            source: sources.key,
            bucket: bucket.as('bucket'),
            updated: sql<number>`${updated}`.as('updated'),
            count: count().as('count'),
          })
          .from(torrentSources)
          .innerJoin(sources, eq(sources.id, torrentSources.sourceId))
          .where(and(...extra, ...window(column)))
          .groupBy(sources.key, bucket)
      }
      // First seen (updated = 0) and updated (1): torrents whose source saw them again later.
      return unionAll(
        countsBy(torrentSources.publishedAt, 0),
        countsBy(torrentSources.updatedAt, 1, gt(torrentSources.updatedAt, torrentSources.publishedAt)),
      )
        .orderBy(sql`2`, sql`1`, sql`3`)
        .all()
        .map((row) => ({ ...row, updated: row.updated === 1 }))
    },
  }
  return asPortMethods(methods)
}
