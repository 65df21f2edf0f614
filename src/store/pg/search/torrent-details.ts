import type { SQL } from 'bun'
import type { ExplainedRow } from '../../../classify'
import type { FileOrderColumn, FilesQuery, SourceMetricRow, TorrentDetailsStore } from '../../../graphql'
import { bytesToHex } from '../../../metainfo'
import { int, intOrNull, pgCall } from '../pools'

type Raw = Record<string, unknown>

/** Classification columns stored as JSON text, parsed for the explanation. */
const JSON_COLUMNS = new Set(['seasons', 'episodes', 'modifiers', 'hdr', 'audio_codecs', 'languages', 'editions'])
/** The stored parse an explanation reads: every classification column but the key, the categories, the time and the decision's own. */
export const PARSED_COLUMNS = [
  'title',
  'year',
  'seasons',
  'episodes',
  'air_date',
  'resolution',
  'source',
  'modifiers',
  'video_codec',
  'video_3d',
  'hdr',
  'audio_codecs',
  'audio_channels',
  'languages',
  'release_group',
  'editions',
  'imdb_id',
  'tmdb_id',
  'tvdb_id',
  'tvmaze_id',
]
const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())
const INT8_COLUMNS = new Set(['tmdb_id', 'tvdb_id', 'tvmaze_id'])

/** Text sorts by code point, as SQLite compares it, whatever the database's collation. */
const FILE_ORDER: Record<FileOrderColumn, string> = {
  fileIndex: 'f.file_index',
  path: 'f.path COLLATE "C"',
  extension: 'f.extension COLLATE "C"',
  size: 'f.size',
}

/** Per key, the rows' values in the order read. */
function gather<K, V>(rows: Raw[], keyOf: (row: Raw) => K, pick: (row: Raw) => V): Map<K, V[]> {
  const byKey = new Map<K, V[]>()
  for (const row of rows) {
    const key = keyOf(row)
    const values = byKey.get(key)
    if (values) values.push(pick(row))
    else byKey.set(key, [pick(row)])
  }
  return byKey
}

const hashes = (infoHashes: readonly string[]) => infoHashes.map((hash) => Buffer.from(hash, 'hex'))
const idOf = (row: Raw) => int(row.torrent_id)

/**
 * The GraphQL API's torrent-level reads on the primary (they must see what was just written):
 * a page of items' details per call, files, tags, sources and the per-source counts over time,
 * as the SQLite adapter's (src/store/sqlite/torrent-details.ts).
 */
export function createPgTorrentDetailsStore(sql: SQL): TorrentDetailsStore {
  const read = (text: string, params: unknown[] = []) => sql.unsafe(text, params) as Promise<Raw[]>
  return {
    times: pgCall(async (infoHashes) => {
      const rows = await read('SELECT info_hash, updated_at, swarm_checked_at FROM torrents WHERE info_hash = ANY($1::bytea[])', [
        hashes(infoHashes),
      ])
      return new Map(
        rows.map((row) => [
          bytesToHex(row.info_hash as Uint8Array),
          { updatedAt: int(row.updated_at), swarmCheckedAt: int(row.swarm_checked_at) },
        ]),
      )
    }),

    explanations: pgCall(async (infoHashes) => {
      const rows = await read(
        `SELECT t.info_hash, t.size, t.files_count, c.* FROM torrents t JOIN torrent_classifications c ON c.torrent_id = t.id
         WHERE t.info_hash = ANY($1::bytea[]) AND c.explanation IS NOT NULL`,
        [hashes(infoHashes)],
      )
      const explained = new Map<string, { codes: string; row: ExplainedRow }>()
      for (const row of rows) {
        const parsed: Raw = {}
        for (const column of PARSED_COLUMNS) {
          const value = row[column]
          parsed[camel(column)] = JSON_COLUMNS.has(column)
            ? JSON.parse(value as string)
            : INT8_COLUMNS.has(column)
              ? intOrNull(value)
              : value
        }
        explained.set(bytesToHex(row.info_hash as Uint8Array), {
          codes: row.explanation as string,
          row: {
            contentType: row.content_type as string,
            confidence: Number(row.confidence),
            status: row.status as ExplainedRow['status'],
            firedRules: JSON.parse(row.fired_rules as string) as string[],
            sizeBytes: int(row.size),
            filesCount: row.files_count as number | null,
            parsed: parsed as ExplainedRow['parsed'],
          },
        })
      }
      return explained
    }),

    sources: pgCall(async (torrentIds) =>
      gather(
        await read(
          `SELECT ts.torrent_id, s.key, s.name FROM torrent_sources ts JOIN sources s ON s.id = ts.source_id
           WHERE ts.torrent_id = ANY($1::int8[]) ORDER BY ts.torrent_id, ts.published_at, s.key`,
          [torrentIds],
        ),
        idOf,
        (row) => ({ key: row.key as string, name: row.name as string }),
      ),
    ),

    tags: pgCall(async (torrentIds) =>
      gather(
        await read('SELECT torrent_id, tag FROM torrent_tags WHERE torrent_id = ANY($1::int8[]) ORDER BY torrent_id, tag', [torrentIds]),
        idOf,
        (row) => row.tag as string,
      ),
    ),

    fileTypes: pgCall(async (torrentIds) =>
      gather(
        await read(
          `SELECT torrent_id, file_type, sum(size) AS bytes FROM torrent_files WHERE torrent_id = ANY($1::int8[])
           GROUP BY torrent_id, file_type ORDER BY torrent_id, bytes DESC, file_type`,
          [torrentIds],
        ),
        idOf,
        (row) => row.file_type as string,
      ),
    ),

    listedFiles: pgCall(async (torrentIds) => {
      const rows = await read(
        'SELECT torrent_id, count(*) AS n, sum(size) AS bytes FROM torrent_files WHERE torrent_id = ANY($1::int8[]) GROUP BY torrent_id',
        [torrentIds],
      )
      return new Map(rows.map((row) => [idOf(row), { count: int(row.n), sizeBytes: int(row.bytes) }]))
    }),

    // One more than `limit` is read to tell whether another page follows.
    files: pgCall(async (query: FilesQuery) => {
      const { infoHashes, order, limit, offset } = query
      const where = infoHashes ? 'WHERE t.info_hash = ANY($1::bytea[])' : ''
      const params = infoHashes ? [hashes(infoHashes)] : []
      const direction = order.descending ? 'DESC' : 'ASC'
      // SQLite puts NULLs first ascending: the extension order keeps that.
      const nulls = order.descending ? 'NULLS LAST' : 'NULLS FIRST'
      const items = await read(
        `SELECT t.info_hash, f.file_index, f.path, f.size, f.extension, f.file_type, t.published_at, t.updated_at
         FROM torrent_files f JOIN torrents t ON t.id = f.torrent_id ${where}
         ORDER BY ${FILE_ORDER[order.column]} ${direction} ${nulls}, t.info_hash, f.file_index
         LIMIT ${Math.floor(limit) + 1} OFFSET ${Math.floor(offset)}`,
        params,
      )
      const hasNextPage = items.length > limit
      const total = query.countTotal
        ? int((await read(`SELECT count(*) AS n FROM torrent_files f JOIN torrents t ON t.id = f.torrent_id ${where}`, params))[0]!.n)
        : offset + Math.min(items.length, limit)
      return {
        items: items.slice(0, limit).map((row) => ({
          infoHash: bytesToHex(row.info_hash as Uint8Array),
          fileIndex: row.file_index as number,
          path: row.path as string,
          size: int(row.size),
          extension: row.extension as string | null,
          fileType: row.file_type as string,
          publishedAt: int(row.published_at),
          updatedAt: int(row.updated_at),
        })),
        total,
        hasNextPage,
      }
    }),

    listSources: pgCall(async () =>
      (await read('SELECT key, name FROM sources ORDER BY key')).map((row) => ({ key: row.key as string, name: row.name as string })),
    ),

    // Tags are lowercase ASCII (the table's check): the range bound is the prefix's.
    suggestTags: pgCall(async (prefix, exclusions, limit) =>
      (
        await read(
          `SELECT tag, count(*) AS uses FROM torrent_tags WHERE tag >= $1 AND tag < $1 || chr(65535) AND NOT (tag = ANY($2::text[]))
           GROUP BY tag ORDER BY uses DESC, tag LIMIT $3`,
          [prefix, [...exclusions], limit],
        )
      ).map((row) => ({ name: row.tag as string, count: int(row.uses) })),
    ),

    sourceMetrics: pgCall(async (bucketSeconds, sourceKeys, startSeconds, endSeconds): Promise<SourceMetricRow[]> => {
      const params: unknown[] = [bucketSeconds]
      const window = (column: string) => {
        const clauses: string[] = []
        if (sourceKeys?.length) clauses.push(`s.key = ANY($${params.push([...sourceKeys])}::text[])`)
        if (startSeconds !== null) clauses.push(`${column} >= $${params.push(Math.floor(startSeconds))}`)
        if (endSeconds !== null) clauses.push(`${column} < $${params.push(Math.floor(endSeconds))}`)
        return clauses
      }
      const countsBy = (column: string, updated: 0 | 1, extra: string[]) => {
        const where = [...extra, ...window(column)]
        return `SELECT s.key AS source, (${column} / $1::int8) * $1::int8 AS bucket, ${updated} AS updated, count(*) AS n
          FROM torrent_sources ts JOIN sources s ON s.id = ts.source_id ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
          GROUP BY s.key, 2`
      }
      // First seen (updated = 0) and updated (1): torrents whose source saw them again later.
      const rows = await read(
        `${countsBy('ts.published_at', 0, [])} UNION ALL ${countsBy('ts.updated_at', 1, ['ts.updated_at > ts.published_at'])} ORDER BY 2, 1, 3`,
        params,
      )
      return rows.map((row) => ({ source: row.source as string, bucket: int(row.bucket), updated: row.updated === 1, count: int(row.n) }))
    }),
  }
}
