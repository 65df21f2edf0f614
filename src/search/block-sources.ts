/**
 * The orders a scan reads candidates in, as sources of blocks (scan.ts): the text matches newest
 * first, rows of a list of ids in its order, and every torrent of a feed. Each source remembers
 * where it stopped and asks the store for the next block from there.
 */
import type { Candidate, ExternalIdsWanted, RankingRow } from './model'
import type { ReadBlock } from './scan'
import type { FeedKey, SearchStore, TextMatch } from './store-port'

/** Rows read by id per call: one page of Torznab's 100 and its next. */
export const ID_BATCH = 128

/** Feed rows read per call when a filter must see them. */
export const FEED_BATCH = 100

/** The matches of `match`, newest first, every column read ('full') or only what ranking reads. */
export function matchesOf(store: SearchStore, match: TextMatch, shape: 'full'): ReadBlock<Candidate>
export function matchesOf(store: SearchStore, match: TextMatch, shape: 'ranking'): ReadBlock<RankingRow>
export function matchesOf(store: SearchStore, match: TextMatch, shape: 'full' | 'ranking') {
  let beforeId: number | null = null
  return async (size: number) => {
    const block =
      shape === 'full' ? await store.matchBlock(match, shape, beforeId, size) : await store.matchBlock(match, shape, beforeId, size)
    beforeId = block.nextBeforeId
    return { rows: block.rows, isLast: block.nextBeforeId === null }
  }
}

/** The rows of these ids in their order, ID_BATCH at a time, so that a scan that stops early reads no further. */
export function rowsOfIds(ids: readonly number[], read: (ids: readonly number[]) => Promise<Candidate[]>): ReadBlock<Candidate> {
  let start = 0
  return async () => {
    const batch = ids.slice(start, start + ID_BATCH)
    start += ID_BATCH
    return { rows: batch.length > 0 ? await read(batch) : [], isLast: start >= ids.length }
  }
}

/** Torrents carrying any of the ids, confirmed or looked up, latest indexed first. */
export function withExternalIds(store: SearchStore, ids: ExternalIdsWanted): ReadBlock<Candidate> {
  let rows: ReadBlock<Candidate> | null = null
  return async (size) => {
    rows ??= rowsOfIds(await store.externalIdMatches(ids), (batch) => store.candidatesWithLookedUpIds(batch))
    return rows(size)
  }
}

/** Every torrent of the feed (every torrent, or these categories'), newest first, FEED_BATCH keys a block. */
export function feedRows(store: SearchStore, categories: readonly number[] | null): ReadBlock<Candidate> {
  let after: FeedKey | null = null
  return async () => {
    const block = await store.feedBlock(categories, after, FEED_BATCH)
    after = block.next
    return { rows: await store.candidates(block.keys.map((key) => key.id)), isLast: block.next === null }
  }
}
