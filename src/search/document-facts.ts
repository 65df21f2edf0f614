import type { Classification } from '../classify'

/**
 * The `facts` column of torrent_search for one classification (token meanings in
 * migrations/core/sqlite/0012; facts.ts beside it builds the query side). The same text as the SQL view
 * torrent_search_source gives, token for token, so rows written before and after the triggers
 * were dropped (0040) match the same queries.
 */
export function searchFactsOf(classification: Pick<Classification, 'categories' | 'parsed'>): string {
  const { seasons, episodes, airDate } = classification.parsed
  const tokens: string[] = []
  for (const category of classification.categories) tokens.push(`c${category}`)
  for (const season of seasons) tokens.push(`s${season}`)
  for (const episode of episodes) tokens.push(`e${episode}`)
  for (const season of seasons) for (const episode of episodes) tokens.push(`s${season}e${episode}`)
  if (episodes.length === 0) for (const season of seasons) tokens.push(`s${season}pack`)
  if (airDate !== null) tokens.push(`d${airDate.replaceAll('-', '')}`, `y${airDate.slice(0, 4)}`)
  return tokens.join(' ')
}
