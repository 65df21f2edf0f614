/**
 * The query side of the facts the index keeps beside each name (migrations/core/sqlite/0012):
 * tokens made from the classification, so category and episode filters become posting lists the
 * full-text index intersects with the text instead of rows read and discarded. The filters still
 * check every candidate exactly; these tokens only make the candidates few.
 */
import type { EpisodeWanted } from './model'

/** The facts tokens a match must hold: each group is alternatives, every group required ([] when nothing narrows). */
export function factTokenGroups(categories: readonly number[] | null, episodes: EpisodeWanted | undefined): string[][] {
  const groups: string[][] = []
  if (categories && categories.length > 0) groups.push(categories.map((category) => `c${category}`))
  if (episodes) groups.push(episodeTokens(episodes))
  return groups
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
