import { type ContentType, categoryRangesOf } from '../vocabulary'
import { FEED_BATCH, feedRows, matchesOf, rowsOfIds, withExternalIds } from './block-sources'
import { createCommonWords, SHARE_WINDOW } from './common-words'
import { countFacets, facetLookupsOf, lookupsOfFacets } from './facets'
import { factTokenGroups } from './facts'
import { effectiveCategories } from './feed-keys'
import { compileFilter, type CompiledFilter } from './filters'
import { toIndexedTorrents } from './indexed-torrent'
import type { Candidate, Facets, RankingRow, RankingWeights, SearchQuery, SearchResult } from './model'
import { breakTie, compareBy, isNaturalOrder, newestFirst } from './ordering'
import { blendScore, scoreRelevance } from './relevance'
import { collectBlocks, createDeadline, DEADLINE_CHECK_EVERY, lookupsFor, MAX_SCANNED, type ReadBlock, type Scan } from './scan'
import type { FeedKey, MatchCount, SearchStore, TextMatch } from './store-port'
import { holdsWords, parseTextQuery, type TextQuery } from './text-query'

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
  store: SearchStore
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
 * facts tokens), or as a feed walked newest-first along the category keys. Each search reads one
 * snapshot of the index, a block of rows at a time, and checks the deadline while it reads.
 */
export function createSearchService(deps: SearchServiceDeps) {
  const nowMs = deps.nowMs ?? (() => Date.now())
  const commonWords = createCommonWords((tokens) => deps.store.shareOfNewest(tokens, SHARE_WINDOW), nowMs)

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

  /** The text and the category and episode facts the full-text index must hold. */
  const textMatch = (query: SearchQuery, categories: number[] | null, text: TextQuery | null): TextMatch => ({
    text,
    facts: factTokenGroups(categories, query.episodes),
  })

  /** One search, every read on one snapshot of the index (`store`). */
  const searchOn = (store: SearchStore, deadline: () => void) => {
    const lookUp = store.rowLookups.bind(store)
    const collect = <Row extends RankingRow>(read: ReadBlock<Row>, filter: CompiledFilter, wanted: number) =>
      collectBlocks(read, filter, wanted, deadline, lookUp)

    /** The rows of `rows` that pass `filter`, in order. */
    const passing = async (rows: Candidate[], filter: CompiledFilter) => {
      if (!filter) return rows
      const lookups = await lookupsFor(lookUp, rows, filter)
      return rows.filter((row) => filter.check(row, lookups))
    }

    const answer = async (ordered: RankingRow[], query: SearchQuery, scan: Scan | null): Promise<SearchResult> => {
      const page = ordered.slice(query.offset, query.offset + query.limit)
      // Rows read in full already are used as they are; ranking-only rows are read in full now.
      const full = page.every(isCandidate) ? page : await store.candidates(page.map((row) => row.id))
      const items = full.length === 0 ? [] : toIndexedTorrents(full, await store.pageExtras(full.map((row) => row.id)))
      const hasNextPage = ordered.length > query.offset + query.limit
      // A scan that stopped early knows a lower bound only; `countTotal` asks for the census.
      return { items, total: ordered.length, totalIsEstimate: scan !== null && !scan.isExhausted, hasNextPage }
    }

    const searchIndexed = async (
      query: SearchQuery,
      categories: number[] | null,
      filter: CompiledFilter,
      text: TextQuery | null,
    ): Promise<SearchResult> => {
      // The blocks the page reaches into, and one more match to tell whether a next page exists.
      const window = Math.ceil((query.offset + query.limit) / RANKED_BLOCK) * RANKED_BLOCK + 1
      const narrowed = text && (categories || query.episodes) ? await narrowedMatch(query, categories, text) : null
      if (text && narrowed) {
        const scan = await collect(
          rowsOfIds(narrowed.ids, (ids) => store.candidates(ids)),
          narrowed.check,
          window,
        )
        return answer(rankInBlocks(scan.matches, text), query, scan)
      }
      const match = textMatch(query, categories, text)
      const scan: Scan =
        filter || !text
          ? await collect(matchesOf(store, match, 'full'), filter, window)
          : await collect(matchesOf(store, match, 'ranking'), null, window)
      return answer(rankInBlocks(scan.matches, text), query, scan)
    }

    /**
     * The matches of the text without the category tokens and the common words
     * (common-words.ts), newest first, and the row check that restores them: the text's selective
     * terms first, then, with categories to check, the whole text; null when each matches more than
     * TEXT_ALONE_MATCHES torrents. The ids come from the posting lists alone, so a plan that does not
     * fit reads no row, and one that fits walks them once. Only with categories or episodes: for
     * plain text FTS5 seeks a common word's list once per match of the rest, which is what reading
     * those rows would cost.
     */
    const narrowedMatch = async (
      query: SearchQuery,
      categories: number[] | null,
      text: TextQuery,
    ): Promise<{ ids: number[]; check: CompiledFilter } | null> => {
      const cap = deps.textAloneMatches ?? TEXT_ALONE_MATCHES
      if (cap === 0) return null
      const fits = (matched: TextQuery) => store.matchIds(textMatch(query, null, matched), cap)
      const { selective, commonWords: words } = await commonWords.split(text)
      const withoutWords = words.length > 0 ? await fits(selective) : null
      const ids = withoutWords ?? (categories ? await fits(text) : null)
      if (!ids) return null
      const filter = compileFilter({ ...query, categories })
      if (!withoutWords) return { ids, check: filter }
      return {
        ids,
        check: {
          check: (row, lookups) => holdsWords(row.name, row.title, words) && (!filter || filter.check(row, lookups)),
          needs: filter?.needs ?? {},
          onRow: (row) => holdsWords(row.name, row.title, words) && (!filter || filter.onRow(row)),
        },
      }
    }

    /**
     * Walks feed keys newest-first. The keys alone place an item, so without a filter only the
     * page's rows are read; with one, rows are read in batches and checked.
     */
    const searchFeed = async (query: SearchQuery, categories: number[] | null, filter: CompiledFilter) => {
      const wanted = query.offset + query.limit + 1
      const limitScanned = MAX_SCANNED + wanted
      const matches: Candidate[] = []
      let pending: number[] = []
      let scanned = 0
      let isExhausted = true
      const drain = async () => {
        const rows = await store.candidates(pending)
        pending = []
        const lookups = await lookupsFor(lookUp, rows, filter)
        for (const row of rows) if (matches.length < wanted && (!filter || filter.check(row, lookups))) matches.push(row)
      }
      let after: FeedKey | null = null
      walk: for (;;) {
        // The keys that can still be needed: up to the page's end without a filter, up to the next batch of rows with one.
        const size = filter ? FEED_BATCH - pending.length : wanted - matches.length - pending.length
        const block = await store.feedBlock(categories, after, Math.min(size, limitScanned + 1 - scanned))
        for (const key of block.keys) {
          if (++scanned % DEADLINE_CHECK_EVERY === 0) deadline()
          if (scanned > limitScanned) {
            isExhausted = false
            break walk
          }
          if (!filter && scanned <= query.offset) {
            matches.push(SKIPPED)
          } else {
            pending.push(key.id)
            if (pending.length >= FEED_BATCH) await drain()
          }
          if (matches.length + (filter ? 0 : pending.length) >= wanted) {
            isExhausted = false
            break walk
          }
        }
        if (block.next === null) break
        after = block.next
      }
      await drain()
      return answer(matches, query, { matches, scanned, isExhausted: isExhausted && matches.length < wanted })
    }

    /** Every match in its natural order, rows read in full, for the census. */
    const allMatches = (query: SearchQuery, categories: number[] | null, text: TextQuery | null): ReadBlock<Candidate> => {
      if (query.infoHashes) {
        const hashes = query.infoHashes
        return async () => ({ rows: await store.withInfoHashes(hashes), isLast: true })
      }
      if (query.externalIds) return withExternalIds(store, query.externalIds)
      if (text || query.episodes) return matchesOf(store, textMatch(query, categories, text), 'full')
      return feedRows(store, categories)
    }

    /**
     * How many torrents the index structures say match, without reading a row: the posting lists,
     * the per-type counters for whole content types, else the category keys.
     */
    const countWithoutRows = async (
      query: SearchQuery,
      categories: number[] | null,
      text: TextQuery | null,
      types: ContentType[] | null,
    ): Promise<MatchCount> => {
      if (text || query.episodes) return store.countMatches(textMatch(query, categories, text))
      const total = types ? await store.countOfContentTypes(types) : await store.countInCategories(categories)
      return { total, isEstimate: false }
    }

    /**
     * The census: the matches in their natural order, up to CENSUS_SIZE of them, read within
     * MAX_SCANNED rows, or within `countBudget` rows when the query sets one.
     */
    const readCensus = (query: SearchQuery, categories: number[] | null, filter: CompiledFilter, text: TextQuery | null) => {
      const budget = query.countBudget ?? MAX_SCANNED
      return collectBlocks(
        allMatches(query, categories, text),
        filter,
        Math.min(deps.censusSize ?? CENSUS_SIZE, budget),
        deadline,
        lookUp,
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
    const census = async (
      query: SearchQuery,
      categories: number[] | null,
      filter: CompiledFilter,
      text: TextQuery | null,
      types: ContentType[] | null,
      read?: Scan<Candidate>,
    ) => {
      const readsById = query.externalIds !== undefined || query.infoHashes !== undefined
      if (!filter && !readsById && !query.facets?.length) {
        const count = await countWithoutRows(query, categories, text, types)
        return { total: count.total, totalIsEstimate: count.isEstimate, facets: undefined }
      }
      const scan = read ?? (await readCensus(query, categories, filter, text))
      let total = scan.matches.length
      if (!scan.isExhausted) {
        const base = readsById ? scan.scanned : (await countWithoutRows(query, categories, text, types)).total
        total = Math.max(scan.matches.length, Math.round((base * scan.matches.length) / Math.max(scan.scanned, 1)))
      }
      let facets: Facets | undefined
      if (query.facets?.length) {
        const sample = scan.matches.slice(0, FACET_SAMPLE)
        const isWhole = scan.isExhausted && sample.length === scan.matches.length
        const lookups = await store.rowLookups(
          sample.map((row) => row.id),
          lookupsOfFacets(query.facets),
        )
        facets = countFacets(sample, query.facets, facetLookupsOf(lookups), isWhole ? 1 : total / Math.max(sample.length, 1))
      }
      return { total, totalIsEstimate: !scan.isExhausted, facets }
    }

    return async (requested: SearchQuery): Promise<SearchResult> => {
      const { query, categories: ranges, wholeTypes } = narrowByContentType(requested)
      const categories = ranges ? effectiveCategories(ranges) : null
      if (categories?.length === 0)
        return { items: [], total: 0, totalIsEstimate: false, hasNextPage: false, facets: query.facets ? {} : undefined }
      const readsById = query.externalIds !== undefined || query.infoHashes !== undefined
      // Category keys and facts tokens select exactly the requested categories, so only the id
      // paths, which read rows by id, still check them.
      const filter = compileFilter({ ...query, categories: readsById ? categories : null })
      const text = query.text ? parseTextQuery(query.text) : null
      // Nothing reads past the scan cap, so a deeper page is empty (clients page 1,000 deep at
      // most); its count is the census's, as on any page, never the offset asked for.
      if (query.offset > MAX_SCANNED)
        return { items: [], hasNextPage: false, ...(await census(query, categories, filter, text, wholeTypes)) }
      let result: SearchResult
      let sorted: Scan<Candidate> | undefined
      if (query.orderBy?.length && !isNaturalOrder(query.orderBy, text)) {
        // Any other order sorts the census of matches: exact up to its size, the newest beyond.
        // The count reads the same census, so it is read once (and kept in its natural order).
        sorted = await readCensus(query, categories, filter, text)
        result = await answer([...sorted.matches].sort(compareBy(query.orderBy, text)), query, sorted)
      } else if (query.infoHashes) {
        const matches = await passing(await store.withInfoHashes(query.infoHashes), filter)
        result = await answer(text ? rank(matches, text) : matches, query, null)
      } else if (query.externalIds) {
        // Newest first, read only as far as the page (and whether there is a next one); text ranks them all.
        const scan = await collect(withExternalIds(store, query.externalIds), filter, text ? MAX_SCANNED : query.offset + query.limit + 1)
        result = await answer(text ? rank(scan.matches, text) : scan.matches, query, text ? null : scan)
      } else if (text || query.episodes) {
        result = await searchIndexed(query, categories, filter, text)
      } else {
        result = await searchFeed(query, categories, filter)
      }
      if (!query.countTotal && !query.facets?.length) return result
      return { ...result, ...(await census(query, categories, filter, text, wholeTypes, sorted)) }
    }
  }

  return {
    search(requested: SearchQuery): Promise<SearchResult> {
      const deadline = createDeadline(nowMs, deps.timeoutMs)
      return deps.store.withSnapshot((store) => searchOn(store, deadline)(requested))
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

/** Rows read with every column carry the classification; ranking-only rows do not. */
function isCandidate(row: RankingRow): row is Candidate {
  return 'categories' in row
}
