import { type ContentType, categoryRangesOf } from '../classify'
import { createCommonWords, SHARE_WINDOW } from './common-words'
import { countFacets } from './facets'
import { factClauses } from './facts'
import { effectiveCategories, mergeNewestFirst } from './feed-keys'
import { type CandidateFilter, compileFilter, type CompiledFilter } from './filters'
import type { Candidate, Facets, RankingRow, RankingWeights, SearchQuery, SearchResult } from './model'
import { breakTie, compareBy, isNaturalOrder, newestFirst } from './ordering'
import { blendScore, scoreRelevance } from './relevance'
import type { SearchRepository } from './repository'
import { collect, createDeadline, DEADLINE_CHECK_EVERY, MAX_SCANNED, type Scan } from './scan'
import { holdsWords, parseTextQuery, toMatchExpression, type TextQuery } from './text-query'

/**
 * Text matches are ranked in blocks of this many candidates, the most recently added block
 * first. A query on a very common token (`1080p` is in a third of all names) then reads a
 * bounded window of its posting list instead of scoring hundreds of thousands of rows; a rarer
 * query has fewer matches than this and is ranked whole. A deeper page reads as many blocks as
 * it reaches into, and each block is ranked alone, so every page is a slice of one order: ranking
 * the wider window whole reordered the first 500 and paged duplicates in and items out (Sonarr
 * and Radarr page 1,000 deep).
 */
const RANKED_BLOCK = 500

/**
 * Matches read at most to count them and their facets. Fewer matches are counted exactly; more
 * are estimated from the posting-list count and the share of the census that passed the filters.
 */
const CENSUS_SIZE = 5_000

/** Matches whose facets are counted; more are estimated from them (each costs file, source and tag lookups). */
const FACET_SAMPLE = 1_000

/**
 * Text matched by at most this many torrents (with its episode facts) is matched without its
 * category tokens and its common words (common-words.ts), and the rows checked for them instead.
 * FTS5 intersects a rare term with a category's posting list by walking that list (a third of the
 * index for HD TV): 9 ms at 1M, linear in the index, for a title with a few hundred releases;
 * reading those few hundred rows costs about 1 ms whatever the index size (more when their pages
 * are cold, which is what bounds this number). Commoner text keeps the tokens: its intersection
 * stops at the ranked window.
 */
const TEXT_ALONE_MATCHES = 2_000

export interface SearchServiceDeps {
  repository: SearchRepository
  weights: RankingWeights
  timeoutMs: number
  nowMs?: () => number
  /** Matches counted exactly before estimating (tests shrink it). */
  censusSize?: number
  /** Text matches up to which category tokens and common words are checked on rows instead (tests set 0: never). */
  textAloneMatches?: number
}

/**
 * Decides how a query is answered: by external ids (a small indexed set), through the full-text
 * index when there is text or an episode to find (category and episode filters ride along as
 * `facts` tokens), or as a feed walked newest-first along the category keys. Synchronous on
 * purpose: a search never interleaves with an ingest batch on the shared connection, and the
 * deadline is checked while candidates are read.
 */
export function createSearchService(deps: SearchServiceDeps) {
  const nowMs = deps.nowMs ?? (() => Date.now())
  const { repository } = deps
  const commonWords = createCommonWords((token) => repository.shareOfNewest(token, SHARE_WINDOW), nowMs)

  const rank = <Row extends RankingRow>(matches: Row[], text: TextQuery): Row[] => {
    const relevance = matches.map((candidate) => scoreRelevance(text, candidate))
    const best = Math.max(0, ...relevance)
    const nowSeconds = Math.floor(nowMs() / 1000)
    const scored = matches.map((candidate, i) => ({
      candidate,
      score: blendScore(relevance[i]!, best, candidate, deps.weights, nowSeconds),
    }))
    // Equal scores: wanted first, then by info hash, one order on every page (D8).
    scored.sort((a, b) => b.score - a.score || breakTie(a.candidate, b.candidate))
    return scored.map((entry) => entry.candidate)
  }

  /** `matches` (newest first) ranked a block at a time; without text, each block newest first. */
  const rankInBlocks = <Row extends RankingRow>(matches: Row[], text: TextQuery | null): Row[] => {
    const ordered: Row[] = []
    for (let start = 0; start < matches.length; start += RANKED_BLOCK) {
      const slice = matches.slice(start, start + RANKED_BLOCK)
      ordered.push(...(text ? rank(slice, text) : slice.sort(newestFirst)))
    }
    return ordered
  }

  const answer = (ordered: RankingRow[], query: SearchQuery, scan: Scan | null): SearchResult => {
    const page = ordered.slice(query.offset, query.offset + query.limit)
    // Rows read in full already are used as they are; ranking-only rows are read in full now.
    const full = page.every(isCandidate) ? page : repository.candidates(page.map((row) => row.id))
    const items = repository.toIndexedTorrents(full)
    const hasNextPage = ordered.length > query.offset + query.limit
    // A scan that stopped early knows a lower bound only; `countTotal` asks for the census.
    return { items, total: ordered.length, totalIsEstimate: scan !== null && !scan.isExhausted, hasNextPage }
  }

  /** Newest-first feed positions: of the requested category ranges merged, or of every torrent. */
  const feedKeys = (categories: number[] | null) =>
    categories ? mergeNewestFirst(categories.map((category, slot) => repository.newestKeys(category, slot))) : repository.newestKeys(null)

  /** The FTS expression for the text and the category and episode facts. */
  const matchExpression = (query: SearchQuery, categories: number[] | null, text: TextQuery | null) =>
    toMatchExpression(text, factClauses(categories, query.episodes))

  const searchIndexed = (
    query: SearchQuery,
    categories: number[] | null,
    filter: CompiledFilter,
    text: TextQuery | null,
    deadline: () => void,
  ) => {
    // The blocks the page reaches into, and one more match to tell whether a next page exists.
    const window = Math.ceil((query.offset + query.limit) / RANKED_BLOCK) * RANKED_BLOCK + 1
    const narrowed = text && (categories || query.episodes) ? narrowedMatch(query, categories, text) : null
    if (text && narrowed) {
      const scan = collect<RankingRow>(repository.candidatesInBatches(narrowed.ids), narrowed.check, window, deadline)
      return answer(rankInBlocks(scan.matches, text), query, scan)
    }
    const expression = matchExpression(query, categories, text)
    const source = filter || !text ? repository.matchText(expression) : repository.matchTextToRank(expression)
    const scan = collect<RankingRow>(source, filter, window, deadline)
    return answer(rankInBlocks(scan.matches, text), query, scan)
  }

  /**
   * The matches of an FTS5 expression without the category tokens and the common words
   * (common-words.ts), newest first, and the row check that restores them: the text's selective
   * terms first, then, with categories to check, the whole text; null when each matches more than
   * TEXT_ALONE_MATCHES torrents. The ids come from the posting lists alone, so a plan that does not
   * fit reads no row, and one that fits walks them once. Only with categories or episodes: for
   * plain text FTS5 seeks a common word's list once per match of the rest, which is what reading
   * those rows would cost.
   */
  const narrowedMatch = (
    query: SearchQuery,
    categories: number[] | null,
    text: TextQuery,
  ): { ids: number[]; check: CompiledFilter } | null => {
    const cap = deps.textAloneMatches ?? TEXT_ALONE_MATCHES
    if (cap === 0) return null
    const fits = (matched: TextQuery) => repository.allMatchIds(matchExpression(query, null, matched), cap)
    const { selective, commonWords: words } = commonWords.split(text)
    const withoutWords = words.length > 0 ? fits(selective) : null
    const ids = withoutWords ?? (categories ? fits(text) : null)
    if (!ids) return null
    const filter = compileFilter({ ...query, categories }, repository)
    if (!withoutWords) return { ids, check: filter }
    const check: CandidateFilter = (row) => holdsWords(row.name, row.title, words) && (!filter || filter(row))
    if (filter?.prefetch) check.prefetch = filter.prefetch
    return { ids, check }
  }

  /**
   * Walks feed keys newest-first. The keys alone place an item, so without a filter only the
   * page's rows are read; with one, rows are read in batches and checked.
   */
  const searchFeed = (query: SearchQuery, categories: number[] | null, filter: CompiledFilter, deadline: () => void) => {
    const keys = feedKeys(categories)
    const wanted = query.offset + query.limit + 1
    const limitScanned = MAX_SCANNED + wanted
    const matches: Candidate[] = []
    let pending: number[] = []
    let scanned = 0
    let isExhausted = true
    const drain = () => {
      const rows = repository.candidates(pending)
      pending = []
      filter?.prefetch?.(rows)
      for (const row of rows) if (matches.length < wanted && (!filter || filter(row))) matches.push(row)
    }
    try {
      for (const key of keys) {
        if (++scanned % DEADLINE_CHECK_EVERY === 0) deadline()
        if (scanned > limitScanned) {
          isExhausted = false
          break
        }
        if (!filter && scanned <= query.offset) {
          matches.push(SKIPPED)
        } else {
          pending.push(key.id)
          if (pending.length >= FEED_BATCH) drain()
        }
        if (matches.length + (filter ? 0 : pending.length) >= wanted) {
          isExhausted = false
          break
        }
      }
    } finally {
      keys.return(undefined)
    }
    drain()
    return answer(matches, query, { matches, scanned, isExhausted: isExhausted && matches.length < wanted })
  }

  /** Every match in its natural order, rows read in full, for the census. */
  function* allMatches(query: SearchQuery, categories: number[] | null, text: TextQuery | null): Generator<Candidate> {
    if (query.infoHashes) return yield* repository.withInfoHashes(query.infoHashes)
    if (query.externalIds) return yield* repository.withExternalIds(query.externalIds)
    if (text || query.episodes) return yield* repository.matchText(matchExpression(query, categories, text))
    const keys = feedKeys(categories)
    let batch: number[] = []
    try {
      for (const key of keys) {
        batch.push(key.id)
        if (batch.length < FEED_BATCH) continue
        yield* repository.candidates(batch)
        batch = []
      }
    } finally {
      keys.return(undefined)
    }
    yield* repository.candidates(batch)
  }

  /**
   * How many torrents the index structures say match, without reading a row: the posting lists,
   * the per-type counters for whole content types, else the category keys.
   */
  const countWithoutRows = (
    query: SearchQuery,
    categories: number[] | null,
    text: TextQuery | null,
    types: ContentType[] | null,
  ): number => {
    if (text || query.episodes) return repository.countMatches(matchExpression(query, categories, text))
    return types ? repository.countOfContentTypes(types) : repository.countInCategories(categories)
  }

  /**
   * The census: the matches in their natural order, up to CENSUS_SIZE of them, read within
   * MAX_SCANNED rows, or within `countBudget` rows when the query sets one.
   */
  const readCensus = (
    query: SearchQuery,
    categories: number[] | null,
    filter: CompiledFilter,
    text: TextQuery | null,
    deadline: () => void,
  ) => {
    const budget = query.countBudget ?? MAX_SCANNED
    return collect(
      allMatches(query, categories, text),
      filter,
      Math.min(deps.censusSize ?? CENSUS_SIZE, budget),
      deadline,
      Math.min(MAX_SCANNED, budget),
    )
  }

  /**
   * Counts the matches and their facets. Without a row filter the posting lists (or category
   * keys) count them exactly. Otherwise the census (`read`: the one a sort already read, else read
   * now) is exact when it read every match, and past that the index count is scaled by the share
   * that passed the filters.
   * Facets are counted on the first FACET_SAMPLE rows of the census and scaled to the total.
   */
  const census = (
    query: SearchQuery,
    categories: number[] | null,
    filter: CompiledFilter,
    text: TextQuery | null,
    types: ContentType[] | null,
    deadline: () => void,
    read?: ReturnType<typeof readCensus>,
  ) => {
    const readsById = query.externalIds !== undefined || query.infoHashes !== undefined
    if (!filter && !readsById && !query.facets?.length)
      return { total: countWithoutRows(query, categories, text, types), totalIsEstimate: false, facets: undefined }
    const scan = read ?? readCensus(query, categories, filter, text, deadline)
    let total = scan.matches.length
    if (!scan.isExhausted) {
      const base = readsById ? scan.scanned : countWithoutRows(query, categories, text, types)
      total = Math.max(scan.matches.length, Math.round((base * scan.matches.length) / Math.max(scan.scanned, 1)))
    }
    let facets: Facets | undefined
    if (query.facets?.length) {
      const sample = scan.matches.slice(0, FACET_SAMPLE)
      const isWhole = scan.isExhausted && sample.length === scan.matches.length
      const lookups = repository.facetLookups(
        sample.map((row) => row.id),
        query.facets,
      )
      facets = countFacets(sample, query.facets, lookups, isWhole ? 1 : total / Math.max(sample.length, 1))
    }
    return { total, totalIsEstimate: !scan.isExhausted, facets }
  }

  return {
    search(requested: SearchQuery): SearchResult {
      const deadline = createDeadline(nowMs, deps.timeoutMs)
      const { query, categories: ranges, wholeTypes } = narrowByContentType(requested)
      const categories = ranges ? effectiveCategories(ranges) : null
      if (categories?.length === 0)
        return { items: [], total: 0, totalIsEstimate: false, hasNextPage: false, facets: query.facets ? {} : undefined }
      const readsById = query.externalIds !== undefined || query.infoHashes !== undefined
      // Category keys and facts tokens select exactly the requested categories, so only the id
      // paths, which read rows by id, still check them.
      const filter = compileFilter({ ...query, categories: readsById ? categories : null }, repository)
      const text = query.text ? parseTextQuery(query.text) : null
      // Nothing reads past the scan cap, so a deeper page is empty (clients page 1,000 deep at
      // most); its count is the census's, as on any page, never the offset asked for.
      if (query.offset > MAX_SCANNED)
        return { items: [], hasNextPage: false, ...census(query, categories, filter, text, wholeTypes, deadline) }
      let result: SearchResult
      let sorted: ReturnType<typeof readCensus> | undefined
      if (query.orderBy?.length && !isNaturalOrder(query.orderBy, text)) {
        // Any other order sorts the census of matches: exact up to its size, the newest beyond.
        // The count reads the same census, so it is read once (and kept in its natural order).
        sorted = readCensus(query, categories, filter, text, deadline)
        result = answer([...sorted.matches].sort(compareBy(query.orderBy, text)), query, sorted)
      } else if (query.infoHashes) {
        const matches = repository.withInfoHashes(query.infoHashes).filter((candidate) => !filter || filter(candidate))
        result = answer(text ? rank(matches, text) : matches, query, null)
      } else if (query.externalIds) {
        // Newest first, read only as far as the page (and whether there is a next one); text ranks them all.
        const scan = collect(
          repository.withExternalIds(query.externalIds),
          filter,
          text ? MAX_SCANNED : query.offset + query.limit + 1,
          deadline,
        )
        result = answer(text ? rank(scan.matches, text) : scan.matches, query, text ? null : scan)
      } else if (text || query.episodes) {
        result = searchIndexed(query, categories, filter, text, deadline)
      } else {
        result = searchFeed(query, categories, filter, deadline)
      }
      if (!query.countTotal && !query.facets?.length) return result
      return { ...result, ...census(query, categories, filter, text, wholeTypes, deadline, sorted) }
    },
  }
}

export type SearchService = ReturnType<typeof createSearchService>

/**
 * A content-type filter without categories (the dashboard's and GraphQL's facet) becomes the
 * category ranges that hold those types, so the feed walks and the full-text match read only
 * them instead of checking row after row; when the ranges hold nothing else the row check is
 * dropped and the count comes from the category keys. A rare type costs no scan of the index.
 */
function narrowByContentType(query: SearchQuery): { query: SearchQuery; categories: number[] | null; wholeTypes: ContentType[] | null } {
  if (!query.contentTypes?.length || query.categories) return { query, categories: query.categories, wholeTypes: null }
  const ranges = query.contentTypes.map((contentType) => categoryRangesOf(contentType))
  const categories = [...new Set(ranges.flatMap((range) => range.categories))]
  if (!ranges.every((range) => range.isExact)) return { query, categories, wholeTypes: null }
  return { query: { ...query, contentTypes: undefined }, categories, wholeTypes: query.contentTypes }
}

/** Stands for a feed position before the page, whose row is never read (the page slices past it). */
const SKIPPED = {} as Candidate

/** Feed rows read per statement when a filter must see them. */
const FEED_BATCH = 100

/** Rows read with every column carry the classification; ranking-only rows do not. */
function isCandidate(row: RankingRow): row is Candidate {
  return 'categories' in row
}
