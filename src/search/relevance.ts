/**
 * Ranking of text matches, pure. Every candidate holds every query term (terms are ANDed), so
 * inverse document frequencies, the costly half of BM25 (FTS5's bm25() scans each term's whole
 * posting list to count them), are the same for all candidates and cannot reorder them: we keep
 * BM25's term-frequency saturation and length normalisation, computed from the name's own
 * tokens, and add a bonus when the query names the parsed title whole.
 */
import type { RankingRow, RankingWeights } from './model'
import { tokenize, type TextQuery } from './text-query'

const K1 = 1.2
const B = 0.75
/** Typical tokens in a release name plus its title. */
const AVERAGE_TOKENS = 14
/** A query that names the whole title ("dune 2021" for Dune) beats a longer title containing it. */
const TITLE_BONUS = 0.5

export function scoreRelevance(query: TextQuery, candidate: RankingRow): number {
  const nameTokens = tokenize(candidate.name)
  const titleTokens = candidate.title ? tokenize(candidate.title) : NO_TOKENS
  const lengthNorm = 1 - B + (B * (nameTokens.length + titleTokens.length)) / AVERAGE_TOKENS
  let score = 0
  for (const token of query.uniqueTokens) {
    let frequency = countEqual(token, nameTokens) + countEqual(token, titleTokens)
    // Another spelling (`grey s` for `greys`) counts as the word; a prefix term (`matr*`) counts the tokens that start with it.
    const spellings = frequency === 0 ? query.spellingsOf.get(token) : undefined
    if (spellings) for (const run of spellings) frequency += countRuns(run, nameTokens) + countRuns(run, titleTokens)
    if (frequency === 0) frequency = countPrefixed(token, nameTokens) + countPrefixed(token, titleTokens)
    score += (frequency * (K1 + 1)) / (frequency + K1 * lengthNorm)
  }
  if (titleTokens.length > 0 && titleTokens.every((token) => query.tokenSet.has(token))) score += TITLE_BONUS * query.uniqueTokens.length
  return score
}

const NO_TOKENS: string[] = []

// Plain loops: scoring runs for every candidate of every text search (hundreds per query).
function countEqual(token: string, tokens: string[]): number {
  let count = 0
  for (let i = 0; i < tokens.length; i++) if (tokens[i] === token) count++
  return count
}

function countRuns(run: string[], tokens: string[]): number {
  let count = 0
  for (let i = 0; i + run.length <= tokens.length; i++) if (run.every((token, j) => tokens[i + j] === token)) count++
  return count
}

function countPrefixed(prefix: string, tokens: string[]): number {
  let count = 0
  for (let i = 0; i < tokens.length; i++) if (tokens[i]!.startsWith(prefix)) count++
  return count
}

const SECONDS_PER_DAY = 86_400

/**
 * The final score of a text match: relevance (scaled to the best candidate's) blended with
 * classifier confidence, evidence and freshness. Freshness moves in whole days, so the order
 * does not shift between the pages of one client's paging run.
 */
export function blendScore(
  relevance: number,
  bestRelevance: number,
  candidate: RankingRow,
  weights: RankingWeights,
  nowSeconds: number,
): number {
  const ageDays = Math.max(0, Math.floor((nowSeconds - candidate.published_at) / SECONDS_PER_DAY))
  const freshness = 0.5 ** (ageDays / weights.freshnessHalfLifeDays)
  // Evidence accumulates without bound (grabs, failures); squash it into -1..1.
  const evidence = candidate.evidence_score / (1 + Math.abs(candidate.evidence_score))
  return (
    weights.relevance * (bestRelevance > 0 ? relevance / bestRelevance : 0) +
    weights.confidence * candidate.confidence +
    weights.evidence * evidence +
    weights.freshness * freshness
  )
}
