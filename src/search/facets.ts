/**
 * Facet counts over a census of matching candidates, pure: how many matches are of each work,
 * content type, language, year, file type, source, tag, resolution and video source. One grouped pass
 * (bitmagnet's per-value queries were its slow part); when the census is a sample, counts are
 * scaled to the estimated total and flagged.
 */
import type { Candidate, FacetName, Facets } from './model'
import type { LookupKinds, RowLookups, TorrentWork } from './store-port'

/** Per torrent id, the values that live in other tables (files, sources, tags, the work). */
export interface FacetLookups {
  fileTypes: Map<number, string[]>
  sources: Map<number, string[]>
  tags: Map<number, string[]>
  /** The work of each torrent that has one (contentRefKey) and its title; filled only for the content facet. */
  contents: Map<number, { key: string; label: string }>
}

/**
 * A work as the content facet counts it: `type:source:id` with the source TorrentContent names
 * (tmdb), else the IMDb or TVDB id when that is all that is known of it.
 */
export function contentRefKey(contentType: string, ids: { tmdb: number | null; imdb: string | null; tvdb: number | null }): string | null {
  if (ids.tmdb !== null) return `${contentType}:tmdb:${ids.tmdb}`
  if (ids.imdb !== null) return `${contentType}:imdb:${ids.imdb}`
  if (ids.tvdb !== null) return `${contentType}:tvdb:${ids.tvdb}`
  return null
}

/** What the facets count that lives beside the rows, to look up for the sample. */
export function lookupsOfFacets(names: readonly FacetName[]): LookupKinds {
  return {
    fileTypes: names.includes('torrentFileType'),
    sources: names.includes('torrentSource'),
    tags: names.includes('torrentTag'),
    works: names.includes('content'),
  }
}

/** The lookups as the facets read them: each work as its key and the title shown for it. */
export function facetLookupsOf(lookups: RowLookups): FacetLookups {
  const contents = new Map<number, { key: string; label: string }>()
  for (const [torrentId, work] of lookups.works) {
    const key = contentRefKey(work.contentType, work)
    if (key !== null) contents.set(torrentId, { key, label: labelOf(work, key) })
  }
  return { fileTypes: lookups.fileTypes, sources: lookups.sources, tags: lookups.tags, contents }
}

function labelOf(work: TorrentWork, key: string): string {
  if (!work.title) return key.split(':').slice(1).join(' ')
  return work.year ? `${work.title} (${work.year})` : work.title
}

const strings = (json: string) => JSON.parse(json) as string[]

function valuesOf(facet: FacetName, row: Candidate, lookups: FacetLookups): string[] {
  switch (facet) {
    case 'content': {
      const content = lookups.contents.get(row.id)
      return content ? [content.key] : []
    }
    case 'contentType':
      return [row.content_type]
    case 'language':
      return strings(row.languages)
    case 'releaseYear':
      return row.year === null ? [] : [String(row.year)]
    case 'torrentFileType':
      return lookups.fileTypes.get(row.id) ?? []
    case 'torrentSource':
      return lookups.sources.get(row.id) ?? []
    case 'torrentTag':
      return lookups.tags.get(row.id) ?? []
    case 'videoResolution':
      return row.resolution === null ? [] : [row.resolution]
    case 'videoSource':
      return row.source === null ? [] : [row.source]
  }
}

/**
 * Counts each facet's values over `rows`. `scale` (estimated total / rows) turns a sample's
 * counts into estimates of the whole; 1 means the rows are every match and counts are exact.
 */
export function countFacets(rows: Candidate[], names: readonly FacetName[], lookups: FacetLookups, scale: number): Facets {
  const facets: Facets = {}
  const isEstimate = scale !== 1
  for (const facet of names) {
    const counts = new Map<string, number>()
    for (const row of rows) for (const value of new Set(valuesOf(facet, row, lookups))) counts.set(value, (counts.get(value) ?? 0) + 1)
    const labels = facet === 'content' ? new Map([...lookups.contents.values()].map((content) => [content.key, content.label])) : null
    facets[facet] = [...counts]
      .map(([value, count]) => ({ value, count: Math.round(count * scale), isEstimate, ...(labels && { label: labels.get(value) }) }))
      .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1))
  }
  return facets
}
