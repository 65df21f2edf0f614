import type { Want } from './model'

/**
 * The Torznab categories of each content type, as the core files torrents under them: a copy of
 * categoryRangesOf in src/classify/categories.ts, which the dashboard may not import (it reaches
 * the core only over HTTP). tests/dashboard/wants/feed-url.test.ts checks the two agree.
 */
export const FEED_CATEGORIES: Readonly<Record<string, readonly number[]>> = {
  movie: [2000],
  tv_show: [5000],
  music: [3010, 3020, 3040],
  audiobook: [3030],
  ebook: [7020],
  comic: [7030],
  software: [4000],
  game: [1000, 4050],
  xxx: [6000],
  other: [8000],
}

/**
 * A want as an RSS feed: the core's Torznab search for its query in its content type's
 * categories, with the key when the feed asks for one. RSS readers and download clients' RSS
 * rules poll it; it lists the matching torrents as the indexer finds them. `coreBaseUrl` is the
 * core's address as the reader reaches it, without a trailing slash.
 */
export function wantFeedUrl(want: Pick<Want, 'query' | 'content_type'>, coreBaseUrl: string, apiKey: string | null): string {
  const params = new URLSearchParams({ t: 'search', q: want.query })
  const categories = FEED_CATEGORIES[want.content_type === 'tv' ? 'tv_show' : want.content_type]
  if (categories) params.set('cat', categories.join(','))
  if (apiKey) params.set('apikey', apiKey)
  return `${coreBaseUrl}/torznab/api?${params}`
}
