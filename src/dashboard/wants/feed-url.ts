import { categoryRangesOf, isContentType, resolveTvAlias } from '../../vocabulary'
import type { Want } from './model'

/**
 * A want as an RSS feed: the core's Torznab search for its query in its content type's
 * categories, with the key when the feed asks for one. RSS readers and download clients' RSS
 * rules poll it; it lists the matching torrents as the indexer finds them. `coreBaseUrl` is the
 * core's address as the reader reaches it, without a trailing slash.
 */
export function wantFeedUrl(want: Pick<Want, 'query' | 'content_type'>, coreBaseUrl: string, apiKey: string | null): string {
  const params = new URLSearchParams({ t: 'search', q: want.query })
  const contentType = resolveTvAlias(want.content_type)
  if (isContentType(contentType)) params.set('cat', categoryRangesOf(contentType).categories.join(','))
  if (apiKey) params.set('apikey', apiKey)
  return `${coreBaseUrl}/torznab/api?${params}`
}
