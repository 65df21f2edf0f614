import { parentCategoryOf } from '../classify'
import type { EpisodeWanted, IndexedTorrent, SearchQuery } from './model'

export type TorrentFilter = (torrent: IndexedTorrent) => boolean

/**
 * Every filter of a query except the text, as one predicate over a candidate. Search walks
 * candidates newest-first and stops once it has enough, so a filter costs per candidate seen,
 * never per torrent in the index.
 */
export function compileFilter(query: SearchQuery): TorrentFilter {
  const checks: TorrentFilter[] = []
  if (query.categories) {
    const wanted = new Set(query.categories)
    checks.push((t) => t.categories.some((category) => wanted.has(category) || wanted.has(parentCategoryOf(category) ?? -1)))
  }
  if (query.contentTypes?.length) {
    const wanted = new Set<string>(query.contentTypes)
    checks.push((t) => wanted.has(t.contentType))
  }
  if (query.externalIds) {
    const { imdb, tmdb, tvdb, tvmaze } = query.externalIds
    checks.push(
      (t) =>
        (t.externalIds.imdb !== null && imdb.includes(t.externalIds.imdb)) ||
        (t.externalIds.tmdb !== null && tmdb.includes(t.externalIds.tmdb)) ||
        (t.externalIds.tvdb !== null && tvdb.includes(t.externalIds.tvdb)) ||
        (t.externalIds.tvmaze !== null && tvmaze.includes(t.externalIds.tvmaze)),
    )
  }
  if (query.episodes) checks.push(episodeFilter(query.episodes))
  if (query.year !== undefined) checks.push((t) => t.year === query.year)
  if (query.resolutions?.length) checks.push(oneOf(query.resolutions, (t) => t.resolution))
  if (query.sources?.length) checks.push(oneOf(query.sources, (t) => t.source))
  if (query.languages?.length) {
    const wanted = query.languages
    checks.push((t) => t.languages.some((language) => wanted.includes(language)))
  }
  if (query.tags?.length) {
    const wanted = query.tags
    checks.push((t) => wanted.every((tag) => t.tags.includes(tag)))
  }
  if (query.minSizeBytes !== undefined) checks.push((t) => t.sizeBytes >= query.minSizeBytes!)
  if (query.maxSizeBytes !== undefined) checks.push((t) => t.sizeBytes <= query.maxSizeBytes!)
  if (query.publishedSince !== undefined) checks.push((t) => t.publishedAt >= query.publishedSince!)
  return (torrent) => checks.every((check) => check(torrent))
}

/**
 * Packs count: a season pack (the season, no episode numbers) holds every episode of it, and a
 * multi-season pack every season it names, so an episode search offers them too (Sonarr decides
 * whether to take a pack).
 */
export function episodeFilter(wanted: EpisodeWanted): TorrentFilter {
  switch (wanted.kind) {
    case 'season':
      return (t) => t.seasons.includes(wanted.season) && (wanted.episode === null || t.episodes.length === 0 || t.episodes.includes(wanted.episode))
    case 'episode':
      return (t) => t.episodes.includes(wanted.episode)
    case 'airDate':
      return (t) => t.airDate === wanted.date
    case 'airYear':
      return (t) => t.airDate?.startsWith(`${wanted.year}-`) === true || t.seasons.includes(wanted.year)
  }
}

function oneOf(values: string[], read: (t: IndexedTorrent) => string | null): TorrentFilter {
  return (t) => {
    const value = read(t)
    return value !== null && values.includes(value)
  }
}
