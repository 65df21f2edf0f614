import { isKnownCategory, parentCategoryOf } from '../classify'
import { SearchTimeoutError } from './errors'
import { compileFilter, type TorrentFilter } from './filters'
import type { IndexedTorrent, RankingWeights, SearchQuery, SearchResult } from './model'
import { blendScore, scoreRelevance } from './relevance'
import type { SearchRepository } from './repository'
import { parseTextQuery, toMatchExpression, type TextQuery } from './text-query'

/**
 * Text matches are ranked among at most this many candidates, the most recently added first.
 * A query on a very common token (`1080p` is in a third of all names) then reads a bounded
 * window of its posting list instead of scoring hundreds of thousands of rows; a rarer query
 * has fewer matches than this and is ranked whole. Sonarr pages at most 1,000 results deep.
 */
const RANKED_CANDIDATES = 1000

/**
 * Candidates read at most per query, matching or not: filters that almost nothing passes
 * (a season of a show in a category it is not in) stop here, and the count is then estimated.
 */
const MAX_SCANNED = 50_000

/** The clock is read once per this many candidates (a few microseconds of work each). */
const DEADLINE_CHECK_EVERY = 64

export interface SearchServiceDeps {
  repository: SearchRepository
  weights: RankingWeights
  timeoutMs: number
  nowMs?: () => number
}

/**
 * Decides how a query is answered: by external ids (a small indexed set), by text (full-text
 * candidates, ranked), or as a feed (newest first, by category ranges when a category is
 * given). Synchronous on purpose: one search never interleaves with an ingest batch on the
 * shared connection, and the deadline is checked while candidates are read.
 */
export function createSearchService(deps: SearchServiceDeps) {
  const nowMs = deps.nowMs ?? (() => Date.now())

  const search = (query: SearchQuery): SearchResult => {
    const deadline = createDeadline(nowMs, deps.timeoutMs)
    const categories = query.categories ? effectiveCategories(query.categories) : null
    if (categories?.length === 0) return emptyResult()
    const filter = compileFilter({ ...query, categories })
    const text = query.text ? parseTextQuery(query.text) : null

    if (query.externalIds) {
      const matches = deps.repository.withExternalIds(query.externalIds).filter(filter)
      return page(text ? rank(matches, text, deps.weights, nowMs()) : matches, query, false)
    }
    if (text) {
      const window = Math.max(RANKED_CANDIDATES, query.offset + query.limit)
      const scan = collect(deps.repository.matchText(toMatchExpression(text)), filter, window, deadline)
      const ranked = rank(scan.matches, text, deps.weights, nowMs())
      return page(ranked, query, !scan.isExhausted, scan)
    }
    const source = categories ? mergeNewestFirst(categories.map((category, slot) => deps.repository.newestInCategory(category, slot))) : deps.repository.newestFirst()
    const scan = collect(source, filter, query.offset + query.limit + 1, deadline)
    return page(scan.matches, query, !scan.isExhausted, scan)
  }

  return { search }
}

export type SearchService = ReturnType<typeof createSearchService>

interface Scan {
  matches: IndexedTorrent[]
  scanned: number
  /** Every candidate was read: the matches are all there are. */
  isExhausted: boolean
}

/** Reads candidates in order until `wanted` pass the filter, the source ends, or the scan cap. */
function collect(source: Generator<IndexedTorrent>, filter: TorrentFilter, wanted: number, deadline: () => void): Scan {
  const matches: IndexedTorrent[] = []
  let scanned = 0
  try {
    for (const torrent of source) {
      if (++scanned % DEADLINE_CHECK_EVERY === 0) deadline()
      if (filter(torrent)) matches.push(torrent)
      if (matches.length >= wanted || scanned >= MAX_SCANNED) return { matches, scanned, isExhausted: false }
    }
    return { matches, scanned, isExhausted: true }
  } finally {
    // Ends the statement's iteration so the next search can reuse it.
    source.return(undefined)
  }
}

function rank(matches: IndexedTorrent[], text: TextQuery, weights: RankingWeights, nowMs: number): IndexedTorrent[] {
  const relevance = matches.map((torrent) => scoreRelevance(text, torrent))
  const best = Math.max(0, ...relevance)
  const nowSeconds = Math.floor(nowMs / 1000)
  const scored = matches.map((torrent, i) => ({ torrent, score: blendScore(relevance[i]!, best, torrent, weights, nowSeconds) }))
  // The tie-break by info hash keeps equal scores in one order on every page.
  scored.sort((a, b) => b.score - a.score || (a.torrent.infoHash < b.torrent.infoHash ? -1 : 1))
  return scored.map((entry) => entry.torrent)
}

function page(ordered: IndexedTorrent[], query: SearchQuery, isTruncated: boolean, scan?: Scan): SearchResult {
  const items = ordered.slice(query.offset, query.offset + query.limit)
  if (!isTruncated) return { items, total: ordered.length, totalIsEstimate: false, hasNextPage: query.offset + query.limit < ordered.length }
  // The scan stopped early: project the share that passed the filter onto what was not read.
  const passRate = scan && scan.scanned > 0 ? scan.matches.length / scan.scanned : 1
  const estimate = Math.max(ordered.length, Math.round(ordered.length + passRate * MAX_SCANNED))
  return { items, total: estimate, totalIsEstimate: true, hasNextPage: ordered.length > query.offset + query.limit }
}

/**
 * The category ranges to walk. Every item carries its parent category, so a requested parent
 * covers its sub-categories and they are dropped; unknown ids are ignored (an all-unknown list
 * matches nothing).
 */
export function effectiveCategories(requested: number[]): number[] {
  const known = [...new Set(requested.filter(isKnownCategory))]
  return known.filter((category) => {
    const parent = parentCategoryOf(category)
    return parent === category || !known.includes(parent!)
  })
}

/** Merges newest-first streams into one, dropping the repeats of a torrent listed under two categories. */
function* mergeNewestFirst(sources: Generator<IndexedTorrent>[]): Generator<IndexedTorrent> {
  if (sources.length === 1) return yield* sources[0]!
  const heads = sources.map((source) => source.next())
  const seen = new Set<number>()
  try {
    for (;;) {
      let best = -1
      heads.forEach((head, i) => {
        if (head.done) return
        const current = best >= 0 ? (heads[best]!.value as IndexedTorrent) : null
        if (!current || isNewer(head.value, current)) best = i
      })
      if (best < 0) return
      const torrent = heads[best]!.value as IndexedTorrent
      heads[best] = sources[best]!.next()
      if (seen.has(torrent.id)) continue
      seen.add(torrent.id)
      yield torrent
    }
  } finally {
    for (const source of sources) source.return(undefined)
  }
}

function isNewer(a: IndexedTorrent, b: IndexedTorrent): boolean {
  return a.publishedAt !== b.publishedAt ? a.publishedAt > b.publishedAt : a.id > b.id
}

function createDeadline(nowMs: () => number, timeoutMs: number) {
  const end = nowMs() + timeoutMs
  return () => {
    if (nowMs() > end) throw new SearchTimeoutError(timeoutMs)
  }
}

function emptyResult(): SearchResult {
  return { items: [], total: 0, totalIsEstimate: false, hasNextPage: false }
}
