import type { Database, Statement } from 'bun:sqlite'
import type { ContentType } from '../classify'
import { bytesToHex } from '../metainfo'
import type { ExternalIdsWanted, IndexedTorrent } from './model'

interface TorrentRow {
  id: number
  info_hash: Uint8Array
  info_hash_v2: Uint8Array | null
  name: string
  size: number
  files_count: number | null
  seeders: number | null
  leechers: number | null
  published_at: number
  grabs: number
  evidence_score: number
  content_type: string
  categories: string
  confidence: number
  status: 'pending' | 'confirmed'
  title: string | null
  year: number | null
  seasons: string
  episodes: string
  air_date: string | null
  resolution: string | null
  source: string | null
  video_codec: string | null
  hdr: string
  audio_channels: string | null
  languages: string
  release_group: string | null
  imdb_id: string | null
  tmdb_id: number | null
  tvdb_id: number | null
  tvmaze_id: number | null
  tags: string | null
}

/** The columns of an IndexedTorrent; `t` is torrents, `c` its classification. */
const TORRENT_COLUMNS = `t.id, t.info_hash, t.info_hash_v2, t.name, t.size, t.files_count, t.seeders, t.leechers,
  t.published_at, t.grabs, t.evidence_score, c.content_type, c.categories, c.confidence, c.status, c.title, c.year,
  c.seasons, c.episodes, c.air_date, c.resolution, c.source, c.video_codec, c.hdr, c.audio_channels, c.languages,
  c.release_group, c.imdb_id, c.tmdb_id, c.tvdb_id, c.tvmaze_id,
  (SELECT group_concat(tag) FROM torrent_tags g WHERE g.torrent_id = t.id) AS tags`

/**
 * The search queries, each a stream of candidates in a fixed order that the service reads only
 * as far as it needs. Reads only: the ingest writer owns every write. WAL lets these run beside
 * a batch commit.
 */
export function createSearchRepository(db: Database) {
  const textMatches = db.prepare<TorrentRow, [string]>(
    `SELECT ${TORRENT_COLUMNS} FROM torrent_search s
     JOIN torrents t ON t.id = s.rowid JOIN torrent_classifications c ON c.torrent_id = t.id
     WHERE torrent_search MATCH ? ORDER BY s.rowid DESC`,
  )
  const newest = db.prepare<TorrentRow, []>(
    `SELECT ${TORRENT_COLUMNS} FROM torrents t JOIN torrent_classifications c ON c.torrent_id = t.id
     ORDER BY t.published_at DESC, t.id DESC`,
  )
  // One statement per category walked at once: a statement steps through one query at a time.
  const categoryFeeds: Statement<TorrentRow, [number]>[] = []
  const categoryFeed = (slot: number) =>
    (categoryFeeds[slot] ??= db.prepare<TorrentRow, [number]>(
      `SELECT ${TORRENT_COLUMNS} FROM torrent_categories k
       JOIN torrents t ON t.id = k.torrent_id JOIN torrent_classifications c ON c.torrent_id = t.id
       WHERE k.category = ? ORDER BY k.published_at DESC, k.torrent_id DESC`,
    ))
  const withExternalIds = (ids: ExternalIdsWanted) => {
    const clauses: string[] = []
    const params: (string | number)[] = []
    const add = (column: string, values: (string | number)[]) => {
      if (values.length === 0) return
      clauses.push(`SELECT torrent_id FROM torrent_classifications WHERE ${column} IN (${values.map(() => '?').join(', ')})`)
      params.push(...values)
    }
    add('imdb_id', ids.imdb)
    add('tmdb_id', ids.tmdb)
    add('tvdb_id', ids.tvdb)
    add('tvmaze_id', ids.tvmaze)
    return { sql: clauses.join(' UNION '), params }
  }

  return {
    /** Torrents whose name or title matches an FTS5 expression, most recently added first. */
    *matchText(matchExpression: string): Generator<IndexedTorrent> {
      for (const row of textMatches.iterate(matchExpression)) yield toIndexedTorrent(row)
    },

    /** Every torrent, newest feed time first. */
    *newestFirst(): Generator<IndexedTorrent> {
      for (const row of newest.iterate()) yield toIndexedTorrent(row)
    },

    /** The torrents under one Torznab category (sub-categories included, parents being on every item), newest first. */
    *newestInCategory(category: number, slot: number): Generator<IndexedTorrent> {
      for (const row of categoryFeed(slot).iterate(category)) yield toIndexedTorrent(row)
    },

    /** Torrents carrying any of the ids (a small set: only confirmed torrents have ids), newest first. */
    withExternalIds(ids: ExternalIdsWanted): IndexedTorrent[] {
      const union = withExternalIds(ids)
      if (!union.sql) return []
      const rows = db
        .query<TorrentRow, (string | number)[]>(
          `SELECT ${TORRENT_COLUMNS} FROM torrents t JOIN torrent_classifications c ON c.torrent_id = t.id
           WHERE t.id IN (${union.sql}) ORDER BY t.published_at DESC, t.id DESC`,
        )
        .all(...union.params)
      return rows.map(toIndexedTorrent)
    },
  }
}

export type SearchRepository = ReturnType<typeof createSearchRepository>

function toIndexedTorrent(row: TorrentRow): IndexedTorrent {
  return {
    id: row.id,
    infoHash: bytesToHex(row.info_hash),
    infoHashV2: row.info_hash_v2 ? bytesToHex(row.info_hash_v2) : null,
    name: row.name,
    sizeBytes: row.size,
    filesCount: row.files_count,
    seeders: row.seeders,
    leechers: row.leechers,
    publishedAt: row.published_at,
    grabs: row.grabs,
    evidenceScore: row.evidence_score,
    contentType: row.content_type as ContentType,
    categories: JSON.parse(row.categories) as number[],
    confidence: row.confidence,
    status: row.status,
    title: row.title,
    year: row.year,
    seasons: JSON.parse(row.seasons) as number[],
    episodes: JSON.parse(row.episodes) as number[],
    airDate: row.air_date,
    resolution: row.resolution,
    source: row.source,
    videoCodec: row.video_codec,
    hdr: JSON.parse(row.hdr) as string[],
    audioChannels: row.audio_channels,
    languages: JSON.parse(row.languages) as string[],
    releaseGroup: row.release_group,
    externalIds: { imdb: row.imdb_id, tmdb: row.tmdb_id, tvdb: row.tvdb_id, tvmaze: row.tvmaze_id },
    tags: row.tags ? row.tags.split(',') : [],
  }
}
