import { parentCategoryOf } from '../classify'
import type { Candidate, EpisodeWanted, SearchQuery } from './model'

/**
 * A check of one candidate row. `prefetch`, when there, reads at once for a batch of rows about
 * to be checked what the check would otherwise look up row by row (files, sources): one
 * statement for a hundred rows costs far less than a hundred, most of all on cold pages.
 */
export type CandidateFilter = ((candidate: Candidate) => boolean) & { prefetch?: (rows: readonly Candidate[]) => void }

/** Null when the query has no filter beyond text: candidates are then taken as they come. */
export type CompiledFilter = CandidateFilter | null

const numbers = (json: string) => JSON.parse(json) as number[]
const strings = (json: string) => JSON.parse(json) as string[]

/**
 * Every filter of a query except the text, as one exact predicate over a candidate row. Search
 * reads candidates newest-first and stops once it has enough, so a filter costs per candidate
 * read, never per torrent in the index; JSON columns are parsed only by the filters that need them.
 */
export interface FilterLookups {
  hasTag(torrentId: number, tag: string): boolean
  /** The sources' keys of each of these torrents that has any. */
  sourcesPerTorrent(ids: number[]): Map<number, string[]>
  /** The file types of each of these torrents that lists files. */
  fileTypesPerTorrent(ids: number[]): Map<number, string[]>
}

export function compileFilter(query: SearchQuery, deps: FilterLookups): CompiledFilter {
  const checks: CandidateFilter[] = []
  if (query.categories) {
    const wanted = new Set(query.categories)
    checks.push((c) => numbers(c.categories).some((category) => wanted.has(category) || wanted.has(parentCategoryOf(category) ?? -1)))
  }
  if (query.contentTypes?.length) {
    const wanted = new Set<string>(query.contentTypes)
    checks.push((c) => wanted.has(c.content_type))
  }
  if (query.externalIds) {
    const { imdb, tmdb, tvdb, tvmaze } = query.externalIds
    checks.push(
      (c) =>
        (c.imdb_id !== null && imdb.includes(c.imdb_id)) ||
        (c.tmdb_id !== null && tmdb.includes(c.tmdb_id)) ||
        (c.tvdb_id !== null && tvdb.includes(c.tvdb_id)) ||
        (c.tvmaze_id !== null && tvmaze.includes(c.tvmaze_id)),
    )
  }
  if (query.episodes) checks.push(episodeFilter(query.episodes))
  if (query.year !== undefined) checks.push((c) => c.year === query.year)
  if (query.resolutions?.length) checks.push(oneOf(query.resolutions, (c) => c.resolution))
  if (query.sources?.length) checks.push(oneOf(query.sources, (c) => c.source))
  if (query.languages?.length) {
    const wanted = query.languages
    checks.push((c) => strings(c.languages).some((language) => wanted.includes(language)))
  }
  if (query.tags?.length) {
    const wanted = query.tags
    checks.push(
      query.tagsMatch === 'any'
        ? (c) => wanted.some((tag) => deps.hasTag(c.id, tag))
        : (c) => wanted.every((tag) => deps.hasTag(c.id, tag)),
    )
  }
  if (query.years?.length) {
    const wanted = query.years
    checks.push((c) => c.year !== null && wanted.includes(c.year))
  }
  if (query.infoHashes) {
    const wanted = new Set(query.infoHashes)
    checks.push((c) => wanted.has(Buffer.from(c.info_hash).toString('hex')))
  }
  if (query.minSizeBytes !== undefined) checks.push((c) => c.size >= query.minSizeBytes!)
  if (query.maxSizeBytes !== undefined) checks.push((c) => c.size <= query.maxSizeBytes!)
  if (query.publishedSince !== undefined) checks.push((c) => c.published_at >= query.publishedSince!)
  // Checks that read other tables come last, so they look up only the rows every other check passed.
  const onRow = checks.length
  const lookups: PerTorrent[] = []
  if (query.torrentSources?.length) {
    const wanted = query.torrentSources
    const sources = perTorrent(deps.sourcesPerTorrent)
    lookups.push(sources)
    checks.push((c) => sources.of(c.id).some((source) => wanted.includes(source)))
  }
  if (query.fileTypes?.length) {
    const wanted = query.fileTypes
    const fileTypes = perTorrent(deps.fileTypesPerTorrent)
    lookups.push(fileTypes)
    checks.push((c) => fileTypes.of(c.id).some((type) => wanted.includes(type)))
  }
  if (checks.length === 0) return null
  const filter: CandidateFilter = (candidate) => checks.every((check) => check(candidate))
  if (lookups.length > 0)
    filter.prefetch = (rows) => {
      const ids = rows.filter((row) => checks.slice(0, onRow).every((check) => check(row))).map((row) => row.id)
      for (const lookup of lookups) lookup.fetch(ids)
    }
  return filter
}

interface PerTorrent {
  /** Reads the values of these torrents at once, in place of the batch read before. */
  fetch(ids: number[]): void
  /** A torrent's values: from the batch read last when it is one of them, else read alone. */
  of(id: number): string[]
}

function perTorrent(read: (ids: number[]) => Map<number, string[]>): PerTorrent {
  let fetched = new Set<number>()
  let values = new Map<number, string[]>()
  const fetch = (ids: number[]) => {
    fetched = new Set(ids)
    values = ids.length > 0 ? read(ids) : new Map()
  }
  return {
    fetch,
    of(id) {
      if (!fetched.has(id)) fetch([id])
      return values.get(id) ?? []
    },
  }
}

/**
 * Packs count: a season pack (the season, no episode numbers) holds every episode of it, and a
 * multi-season pack every season it names, so an episode search offers them too (Sonarr decides
 * whether to take a pack).
 */
function episodeFilter(wanted: EpisodeWanted): CandidateFilter {
  switch (wanted.kind) {
    case 'season':
      return (c) => {
        if (!numbers(c.seasons).includes(wanted.season)) return false
        if (wanted.episode === null) return true
        const episodes = numbers(c.episodes)
        return episodes.length === 0 || episodes.includes(wanted.episode)
      }
    case 'episode':
      return (c) => numbers(c.episodes).includes(wanted.episode)
    case 'airDate':
      return (c) => c.air_date === wanted.date
    case 'airYear':
      return (c) => c.air_date?.startsWith(`${wanted.year}-`) === true || numbers(c.seasons).includes(wanted.year)
  }
}

function oneOf(values: string[], read: (c: Candidate) => string | null): CandidateFilter {
  return (c) => {
    const value = read(c)
    return value !== null && values.includes(value)
  }
}
