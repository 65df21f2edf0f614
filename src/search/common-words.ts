/**
 * Words so common that intersecting them in FTS5 costs more than checking them on a few rows.
 * FTS5 ANDs posting lists by seeking each list to the next candidate of the others: with `the` in
 * a query, every release of the rarest word (or episode) is a seek into the posting list of `the`,
 * about 0.7 µs each. At 10M torrents `The To Bemgraim S06E22` cost 18 ms to count and as much again
 * to read, for 92 matches; its rare word and episode facts alone find 194 candidates in 2 ms, and
 * `the` and `to` checked on those rows cost a fraction of a millisecond.
 *
 * How common a word is comes from the index itself: its share of the newest torrents, a posting-list
 * walk bounded by that window (0.1-0.2 ms), remembered for a while since a vocabulary drifts slowly.
 * A wrong guess costs time only, never results: the row check folds text as the index does
 * (text-query.ts, tested against FTS5 itself; SQLite's Unicode 6.1 tables aside).
 */
import { type QueryTerm, type TextQuery, textQueryOf } from './text-query'

/** The newest torrents a word's share is read from. */
export const SHARE_WINDOW = 5_000

/** A word in at least this share of the newest torrents is checked on rows (`the` is in 15 %, `love` in 2.6 %). */
const COMMON_SHARE = 0.01

/** Shares are read again after this long, and forgotten past this many words. */
const SHARES_TTL_MS = 10 * 60_000
const MAX_REMEMBERED = 10_000

interface SplitText {
  /** The terms left to the full-text index; never empty. */
  selective: TextQuery
  /** Plain words (no phrase, no prefix) to check on the rows instead. */
  commonWords: string[]
}

/**
 * `shareOfNewest(tokens)`: per token, the share of the newest SHARE_WINDOW torrents whose name or
 * title holds it, read for all the tokens of a query not remembered yet at once.
 */
export function createCommonWords(shareOfNewest: (tokens: readonly string[]) => Promise<Map<string, number>>, nowMs: () => number) {
  let shares = new Map<string, number>()
  let readAt = nowMs()
  /** The shares of these tokens, those not remembered read in one call. */
  const sharesOf = async (tokens: readonly string[]): Promise<Map<string, number>> => {
    if (nowMs() - readAt > SHARES_TTL_MS || shares.size + tokens.length > MAX_REMEMBERED) {
      shares = new Map()
      readAt = nowMs()
    }
    const missing = [...new Set(tokens.filter((token) => !shares.has(token)))]
    if (missing.length > 0) {
      const read = await shareOfNewest(missing)
      for (const token of missing) shares.set(token, read.get(token) ?? 0)
    }
    return shares
  }

  return {
    /**
     * The query's common plain words apart from the rest. When every term is common, the
     * rarest of them stays with the index, which needs at least one term to walk.
     */
    async split(text: TextQuery): Promise<SplitText> {
      // A row check sees tokens, not a word's other spellings (`greys` as `grey` `s`): those stay too.
      const words = text.terms.filter(
        (term): term is Extract<QueryTerm, { kind: 'word' }> => term.kind === 'word' && !term.isPrefix && !term.spellings,
      )
      if (words.length === 0) return { selective: text, commonWords: [] }
      const known = await sharesOf(words.map((term) => term.token))
      const common: { term: QueryTerm; token: string; share: number }[] = []
      for (const term of words) {
        const share = known.get(term.token)!
        if (share >= COMMON_SHARE) common.push({ term, token: term.token, share })
      }
      if (common.length === text.terms.length) {
        const rarest = common.reduce((a, b) => (b.share < a.share ? b : a))
        common.splice(common.indexOf(rarest), 1)
      }
      if (common.length === 0) return { selective: text, commonWords: [] }
      const selective = textQueryOf(text.terms.filter((term) => !common.some((word) => word.term === term)))
      return { selective, commonWords: common.map((word) => word.token) }
    },
  }
}
