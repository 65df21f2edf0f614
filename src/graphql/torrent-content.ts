import { buildMagnetUri } from '../metainfo'
import type { IndexedTorrent } from '../search'
import { toGraphqlContent } from './content'
import { languageInfo } from './languages'
import type { PageDetails } from './page-details'
import type { FileRow } from './store-port'

const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString()

/** `S01E02-E03`, `S01-S03`, `S02`, or the air date. */
export function episodesLabel(seasons: number[], episodes: number[]): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  const range = (prefix: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b)
    return sorted.length === 1 ? `${prefix}${pad(sorted[0]!)}` : `${prefix}${pad(sorted[0]!)}-${prefix}${pad(sorted.at(-1)!)}`
  }
  if (seasons.length === 0) return episodes.length ? range('E', episodes) : ''
  if (episodes.length === 0) return range('S', seasons)
  return `${range('S', seasons.slice(0, 1))}${range('E', episodes)}`
}

/** The files past the stored list (SERVICE_MAX_FILES_PER_TORRENT), read once and only when asked. */
function filesNotListed(item: IndexedTorrent, details: PageDetails): () => Promise<{ count: number; size: number } | null> {
  let summary: Promise<{ count: number; size: number } | null> | undefined
  const read = async () => {
    if (item.filesCount === null || item.filesCount <= 1) return null
    const listed = (await details.listedFiles(item.id)) ?? { count: 0, sizeBytes: 0 }
    return listed.count < item.filesCount ? { count: item.filesCount - listed.count, size: item.sizeBytes - listed.sizeBytes } : null
  }
  return () => (summary ??= read())
}

export function toGraphqlFile(row: FileRow) {
  return {
    infoHash: row.infoHash,
    index: row.fileIndex,
    path: row.path,
    extension: row.extension,
    fileType: row.fileType,
    size: row.size,
    createdAt: iso(row.publishedAt),
    updatedAt: iso(row.updatedAt),
  }
}

/**
 * A search item in bitmagnet's TorrentContent shape. Fields that cost a query (the torrent's
 * files, sources, tags) are methods, which graphql-js calls only when a query selects them; the
 * page's details read each kind once for every item that asks.
 */
export function toTorrentContent(item: IndexedTorrent, details: PageDetails) {
  const times = () => details.times(item.infoHash)
  const updatedAt = async () => iso((await times())?.updatedAt ?? item.publishedAt)
  // 0 is the column's "never checked": unknown is null (DESIGN.md 3.19).
  const swarmCheckedAt = async () => {
    const checkedAt = (await times())?.swarmCheckedAt
    return checkedAt ? iso(checkedAt) : null
  }
  const sources = async () => (await details.sources(item.id)) ?? []
  const fileTypes = async () => (await details.fileTypes(item.id)) ?? []
  return {
    id: item.infoHash,
    infoHash: item.infoHash,
    contentType: item.contentType,
    // The looked-up work's TMDB id, else the one an *arr import confirmed.
    contentSource: item.content || item.externalIds.tmdb !== null ? 'tmdb' : null,
    contentId: item.content ? String(item.content.tmdbId) : item.externalIds.tmdb !== null ? String(item.externalIds.tmdb) : null,
    content: item.content ? toGraphqlContent(item.content) : null,
    title: item.name,
    languages: item.languages.map(languageInfo),
    episodes:
      item.seasons.length || item.episodes.length
        ? {
            label: episodesLabel(item.seasons, item.episodes),
            seasons: (item.seasons.length ? item.seasons : [0]).map((season) => ({
              season,
              episodes: item.episodes.length ? item.episodes : null,
            })),
          }
        : null,
    videoResolution: item.resolution,
    videoSource: item.source,
    videoCodec: item.videoCodec,
    video3d: null,
    videoModifier: null,
    releaseGroup: item.releaseGroup,
    seeders: item.seeders,
    leechers: item.leechers,
    swarmCheckedAt,
    /** Not a field: what the explanation resolver reads, batched with the page's other items. */
    explained: () => details.explanations(item.infoHash),
    publishedAt: iso(item.publishedAt),
    createdAt: iso(item.publishedAt),
    updatedAt,
    torrentSource: async () => (await sources())[0]?.key ?? 'unknown',
    confidence: item.confidence,
    classificationStatus: item.status,
    grabs: item.grabs,
    evidenceScore: item.evidenceScore,
    torrent: () => {
      const notListed = filesNotListed(item, details)
      return {
        infoHash: item.infoHash,
        name: item.name,
        size: item.sizeBytes,
        hasFilesInfo: item.filesCount !== null,
        singleFile: item.filesCount === null ? null : item.filesCount === 1,
        extension: item.filesCount === 1 ? (/\.([a-z0-9]{1,8})$/i.exec(item.name)?.[1]?.toLowerCase() ?? null) : null,
        // bitmagnet's over_threshold: more files than it keeps; here the first ones are listed.
        filesStatus: async () =>
          item.filesCount === null ? 'no_info' : item.filesCount === 1 ? 'single' : (await notListed()) ? 'over_threshold' : 'multi',
        filesCount: item.filesCount,
        filesNotListed: notListed,
        fileType: async () => (await fileTypes())[0] ?? null,
        fileTypes,
        files: async () => (await details.files(item.infoHash)).map(toGraphqlFile),
        sources: async () =>
          (await sources()).map((source) => ({ ...source, importId: null, seeders: item.seeders, leechers: item.leechers })),
        seeders: item.seeders,
        leechers: item.leechers,
        swarmCheckedAt,
        tagNames: async () => (await details.tags(item.id)) ?? [],
        magnetUri: buildMagnetUri({ infoHash: item.infoHash, infoHashV2: item.infoHashV2, name: item.name }),
        createdAt: iso(item.publishedAt),
        updatedAt,
      }
    },
  }
}
