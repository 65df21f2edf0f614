import type { CoreClient } from '../core-client'
import type { MediaType } from './model'

const INDEXED_POSTER_QUERY = `query DashboardIndexedPoster($input: TorrentContentSearchQueryInput!) {
  torrentContent { search(input: $input) { items { content { attributes { source key value } } } } }
}`

interface Answer {
  torrentContent: { search: { items: { content: { attributes: { source: string; key: string; value: string }[] } | null }[] } }
}

/**
 * The poster of a TMDB work as the core's content enrichment stored it (one torrent of the work
 * is enough), or null when no torrent resolved to it: then the poster service asks TMDB itself.
 * The core leaves posters out while it has no artwork key.
 */
export function createIndexedPosterLookup(core: Pick<CoreClient, 'query'>) {
  return async (mediaType: MediaType, tmdbId: string): Promise<string | null> => {
    const type = mediaType === 'movie' ? 'movie' : 'tv_show'
    const data = await core.query<Answer>(INDEXED_POSTER_QUERY, {
      input: { contents: [{ type, source: 'tmdb', id: tmdbId }], limit: 1 },
    })
    const attributes = data.torrentContent.search.items[0]?.content?.attributes ?? []
    return attributes.find((attribute) => attribute.source === 'tmdb' && attribute.key === 'poster_url')?.value ?? null
  }
}
