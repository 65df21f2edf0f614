/**
 * Ranking of text matches, pure. Every candidate holds every query term (terms are ANDed), so
 * inverse document frequencies, the costly half of BM25 (FTS5's bm25() scans each term's whole
 * posting list to count them), are the same for all candidates and cannot reorder them: we keep
 * BM25's term-frequency saturation and length normalisation, computed from the name's own
 * tokens, and add a bonus when the query names the parsed title whole.
 */
import type { IndexedTorrent, RankingWeights } from './model'
import { tokenize, type TextQuery } from './text-query'

const K1 = 1.2
const B = 0.75
/** Typical tokens in a release name plus its title. */
const AVERAGE_TOKENS = 14
/** A query that names the whole title ("dune 2021" for Dune) beats a longer title containing it. */
const TITLE_BONUS = 0.5

export function scoreRelevance(query: TextQuery, torrent: IndexedTorrent): number {
  const tokens = tokenize(torrent.title ? `${torrent.name} ${torrent.title}` : torrent.name)
  const frequencies = new Map<string, number>()
  for (const token of tokens) frequencies.set(token, (frequencies.get(token) ?? 0) + 1)
  const lengthNorm = 1 - B + (B * tokens.length) / AVERAGE_TOKENS
  let score = 0
  for (const token of new Set(query.tokens)) {
    const frequency = frequencies.get(token) ?? prefixFrequency(token, tokens)
    score += (frequency * (K1 + 1)) / (frequency + K1 * lengthNorm)
  }
  if (torrent.title) {
    const titleTokens = tokenize(torrent.title)
    if (titleTokens.length > 0 && titleTokens.every((token) => query.tokens.includes(token))) score += TITLE_BONUS * query.tokens.length
  }
  return score
}

/** A prefix term (`matr*`) counts the tokens that start with it. */
function prefixFrequency(prefix: string, tokens: string[]): number {
  let count = 0
  for (const token of tokens) if (token.startsWith(prefix)) count++
  return count
}

const SECONDS_PER_DAY = 86_400

/**
 * The final score of a text match: relevance (scaled to the best candidate's) blended with
 * classifier confidence, evidence and freshness. Freshness moves in whole days, so the order
 * does not shift between the pages of one client's paging run.
 */
export function blendScore(relevance: number, bestRelevance: number, torrent: IndexedTorrent, weights: RankingWeights, nowSeconds: number): number {
  const ageDays = Math.max(0, Math.floor((nowSeconds - torrent.publishedAt) / SECONDS_PER_DAY))
  const freshness = Math.pow(0.5, ageDays / weights.freshnessHalfLifeDays)
  // Evidence accumulates without bound (grabs, failures); squash it into -1..1.
  const evidence = torrent.evidenceScore / (1 + Math.abs(torrent.evidenceScore))
  return (
    weights.relevance * (bestRelevance > 0 ? relevance / bestRelevance : 0) +
    weights.confidence * torrent.confidence +
    weights.evidence * evidence +
    weights.freshness * freshness
  )
}
