import { parentCategoryOf } from '../vocabulary'
import type { Candidate, EpisodeWanted, SearchQuery } from './model'
import type { LookupKinds, RowLookups } from './store-port'

/** No values beside the rows: what a filter that reads none is given. */
export const NO_LOOKUPS: RowLookups = { tags: new Map(), sources: new Map(), fileTypes: new Map(), works: new Map() }

/** `lookups` holds, for the rows the candidate was read with, the values the filter `needs`. */
export type CandidateFilter = (candidate: Candidate, lookups: RowLookups) => boolean

export interface RowFilter {
  check: CandidateFilter
  /**
   * The values kept beside the rows that `check` reads (tags, sources, file types), looked up for
   * a batch of rows at once: one statement for a hundred rows costs far less than a hundred, most
   * of all on cold pages.
   */
  needs: LookupKinds
  /** The checks of the row alone: only the rows that pass them need the look-ups. */
  onRow(candidate: Candidate): boolean
}

/** Null when the query has no filter beyond text: candidates are then taken as they come. */
export type CompiledFilter = RowFilter | null

const numbers = (json: string) => JSON.parse(json) as number[]
const strings = (json: string) => JSON.parse(json) as string[]

/**
 * Every filter of a query except the text, as one exact predicate over a candidate row. Search
 * reads candidates newest-first and stops once it has enough, so a filter costs per candidate
 * read, never per torrent in the index; JSON columns are parsed only by the filters that need them.
 */
export function compileFilter(query: SearchQuery): CompiledFilter {
  const checks: CandidateFilter[] = []
  const needs: LookupKinds = {}
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
  const onRow = [...checks]
  if (query.tags?.length) {
    const wanted = query.tags
    const hasTag = (c: Candidate, lookups: RowLookups, tag: string) => lookups.tags.get(c.id)?.includes(tag) === true
    needs.tags = true
    checks.push(
      query.tagsMatch === 'any'
        ? (c, lookups) => wanted.some((tag) => hasTag(c, lookups, tag))
        : (c, lookups) => wanted.every((tag) => hasTag(c, lookups, tag)),
    )
  }
  if (query.torrentSources?.length) {
    const wanted = query.torrentSources
    needs.sources = true
    checks.push((c, lookups) => (lookups.sources.get(c.id) ?? []).some((source) => wanted.includes(source)))
  }
  if (query.fileTypes?.length) {
    const wanted = query.fileTypes
    needs.fileTypes = true
    checks.push((c, lookups) => (lookups.fileTypes.get(c.id) ?? []).some((type) => wanted.includes(type)))
  }
  if (checks.length === 0) return null
  return {
    check: (candidate, lookups) => checks.every((check) => check(candidate, lookups)),
    needs,
    onRow: (candidate) => onRow.every((check) => check(candidate, NO_LOOKUPS)),
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
