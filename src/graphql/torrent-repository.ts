import { and, asc, count, desc, eq, getTableColumns, gt, gte, inArray, lt, notInArray, type SQL, sql, sum } from 'drizzle-orm'
import { unionAll } from 'drizzle-orm/sqlite-core'
import type { DatabaseHandle } from '../db'
import { schema } from '../db'

const { torrents, torrentClassifications, torrentFiles, torrentSources, torrentTags, sources } = schema

type TimeColumn = typeof torrentSources.publishedAt | typeof torrentSources.updatedAt

export type FileOrderColumn = 'fileIndex' | 'path' | 'extension' | 'size'

/**
 * The torrent-level reads of the GraphQL API: details beside a search item (files, sources,
 * tags), the file listing, tag suggestions and the per-source counts over time. Writes go
 * through the torrent store.
 */
export function createTorrentRepository(db: DatabaseHandle) {
  const { orm } = db
  const hashes = (infoHashes: string[]) => infoHashes.map((hash) => Buffer.from(hash, 'hex'))
  // The per-item reads run once per search result a query selects them for: prepared once.
  const byHash = orm
    .select({ updatedAt: torrents.updatedAt, swarmCheckedAt: torrents.swarmCheckedAt })
    .from(torrents)
    .where(eq(torrents.infoHash, sql.placeholder('infoHash')))
    .prepare()
  const sourcesOf = orm
    .select({ key: sources.key, name: sources.name })
    .from(torrentSources)
    .innerJoin(sources, eq(sources.id, torrentSources.sourceId))
    .where(eq(torrentSources.torrentId, sql.placeholder('torrentId')))
    .orderBy(torrentSources.publishedAt, sources.key)
    .prepare()
  const tagsOf = orm
    .select({ tag: torrentTags.tag })
    .from(torrentTags)
    .where(eq(torrentTags.torrentId, sql.placeholder('torrentId')))
    .orderBy(torrentTags.tag)
    .prepare()
  const bytes = sum(torrentFiles.size)
  const fileTypesOf = orm
    .select({ fileType: torrentFiles.fileType, bytes })
    .from(torrentFiles)
    .where(eq(torrentFiles.torrentId, sql.placeholder('torrentId')))
    .groupBy(torrentFiles.fileType)
    .orderBy(desc(bytes), torrentFiles.fileType)
    .prepare()
  const { torrentId: _, categories: __, classifiedAt: ___, ...classificationColumns } = getTableColumns(torrentClassifications)
  const explainedOf = orm
    .select({ ...classificationColumns, sizeBytes: torrents.size, filesCount: torrents.filesCount })
    .from(torrents)
    .innerJoin(torrentClassifications, eq(torrentClassifications.torrentId, torrents.id))
    .where(eq(torrents.infoHash, sql.placeholder('infoHash')))
    .prepare()
  const listedFilesOf = orm
    .select({ count: count(), bytes: sql<number>`total(${torrentFiles.size})` })
    .from(torrentFiles)
    .where(eq(torrentFiles.torrentId, sql.placeholder('torrentId')))
    .prepare()

  return {
    /** What a search item lacks of the stored row: when it last changed, and when its swarm was last checked (0: never). */
    byHash: (infoHash: string): { updatedAt: number; swarmCheckedAt: number } | null =>
      byHash.get({ infoHash: Buffer.from(infoHash, 'hex') }) ?? null,
    sourcesOf: (torrentId: number) => sourcesOf.all({ torrentId }),
    tagsOf: (torrentId: number) => tagsOf.all({ torrentId }).map((row) => row.tag),
    /** A torrent's stored classification with its explanation's code list, and the size and file count it reads; null when unclassified. */
    explainedOf: (infoHash: string) => explainedOf.get({ infoHash: Buffer.from(infoHash, 'hex') }) ?? null,
    /** File types by their share of bytes, the largest first. */
    fileTypesOf: (torrentId: number) => fileTypesOf.all({ torrentId }).map((row) => row.fileType),
    /** The files stored of a torrent: fewer than its files_count when SERVICE_MAX_FILES_PER_TORRENT cut the list. */
    listedFilesOf: (torrentId: number): { count: number; sizeBytes: number } => {
      const row = listedFilesOf.get({ torrentId })!
      return { count: row.count, sizeBytes: row.bytes }
    },

    /**
     * A page of files (one more than `limit` is read to tell whether another page follows). The
     * total is counted only when asked: over the whole index that is every file row.
     */
    files(
      infoHashes: string[] | null,
      order: { column: FileOrderColumn; descending: boolean },
      limit: number,
      offset: number,
      countTotal: boolean,
    ) {
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
      const total = countTotal
        ? orm.select({ n: count() }).from(torrentFiles).innerJoin(torrents, eq(torrents.id, torrentFiles.torrentId)).where(where).get()!.n
        : offset + Math.min(items.length, limit)
      return { items: items.slice(0, limit), total, hasNextPage }
    },

    listSources: () => orm.select({ key: sources.key, name: sources.name }).from(sources).orderBy(sources.key).all(),

    suggestTags(prefix: string, exclusions: string[], limit: number) {
      const uses = count()
      return orm
        .select({ name: torrentTags.tag, count: uses })
        .from(torrentTags)
        .where(and(gte(torrentTags.tag, prefix), lt(torrentTags.tag, `${prefix}\uffff`), notInArray(torrentTags.tag, exclusions)))
        .groupBy(torrentTags.tag)
        .orderBy(desc(uses), torrentTags.tag)
        .limit(limit)
        .all()
    },

    /** Torrents first seen (updated = false) and updated (true) per source and time bucket. */
    metrics(bucketSeconds: number, sourceKeys: string[] | null, startSeconds: number | null, endSeconds: number | null) {
      const bucketOf = (column: TimeColumn) => sql<number>`(${column} / ${bucketSeconds}) * ${bucketSeconds}`
      const window = (column: TimeColumn): SQL[] => [
        ...(sourceKeys?.length ? [inArray(sources.key, sourceKeys)] : []),
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
      return unionAll(
        countsBy(torrentSources.publishedAt, 0),
        countsBy(torrentSources.updatedAt, 1, gt(torrentSources.updatedAt, torrentSources.publishedAt)),
      )
        .orderBy(sql`2`, sql`1`, sql`3`)
        .all()
    },
  }
}

export type TorrentRepository = ReturnType<typeof createTorrentRepository>
export type FileRow = ReturnType<TorrentRepository['files']>['items'][number]
