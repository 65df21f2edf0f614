/**
 * The query side of the `facts` column of torrent_search (migrations/core/sqlite/0012): tokens made
 * from the classification, so category and episode filters become posting lists FTS5 intersects
 * with the text instead of rows read and discarded. The filters still check every candidate
 * exactly; these clauses only make the candidates few.
 */
import type { EpisodeWanted } from './model'

/** FTS5 clauses over the facts column (ANDed with the text), or [] when nothing narrows. */
export function factClauses(categories: number[] | null, episodes: EpisodeWanted | undefined): string[] {
  const clauses: string[] = []
  if (categories && categories.length > 0) clauses.push(anyOf(categories.map((category) => `c${category}`)))
  if (episodes) clauses.push(anyOf(episodeTokens(episodes)))
  return clauses
}

function episodeTokens(wanted: EpisodeWanted): string[] {
  switch (wanted.kind) {
    case 'season':
      return wanted.episode === null ? [`s${wanted.season}`] : [`s${wanted.season}e${wanted.episode}`, `s${wanted.season}pack`]
    case 'episode':
      return [`e${wanted.episode}`]
    case 'airDate':
      return [`d${wanted.date.replaceAll('-', '')}`]
    case 'airYear':
      return [`y${wanted.year}`, `s${wanted.year}`]
  }
}

function anyOf(tokens: string[]): string {
  return `facts : (${tokens.map((token) => `"${token}"`).join(' OR ')})`
}
