import type { ExternalIds } from '../classify'
import type { ContentType } from '../vocabulary'
import type { ContentRecord } from '../enrichment'
import { bytesToHex } from '../metainfo'
import type { Candidate, IndexedTorrent } from './model'
import type { PageExtras } from './store-port'

/** The page's candidates as results: JSON columns read, tags and looked-up works added. */
export function toIndexedTorrents(candidates: readonly Candidate[], extras: PageExtras): IndexedTorrent[] {
  return candidates.map((row) => toIndexedTorrent(row, extras.tags.get(row.id) ?? [], lookedUpWork(extras, row.id)))
}

/** Without an artwork key nothing may lead a client to TMDB: posters are left out (DESIGN.md 3.15). */
function lookedUpWork(extras: PageExtras, torrentId: number): ContentRecord | null {
  const content = extras.contents.get(torrentId)
  if (!content) return null
  return extras.isArtworkEnabled ? content : { ...content, posterPath: null, posterUrl: null }
}

/** The ground truth's ids, each missing one taken from the looked-up work. */
export function mergeExternalIds(groundTruth: ExternalIds, content: ContentRecord | null): ExternalIds {
  if (!content) return groundTruth
  return {
    imdb: groundTruth.imdb ?? content.imdbId,
    tmdb: groundTruth.tmdb ?? content.tmdbId,
    tvdb: groundTruth.tvdb ?? content.tvdbId,
    tvmaze: groundTruth.tvmaze,
  }
}

function toIndexedTorrent(row: Candidate, tags: string[], content: ContentRecord | null): IndexedTorrent {
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
    externalIds: mergeExternalIds({ imdb: row.imdb_id, tmdb: row.tmdb_id, tvdb: row.tvdb_id, tvmaze: row.tvmaze_id }, content),
    content,
    tags,
  }
}
