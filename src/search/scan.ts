import { SearchTimeoutError } from './errors'
import { type CompiledFilter, NO_LOOKUPS } from './filters'
import type { Candidate, RankingRow } from './model'
import type { LookupKinds, RowLookups } from './store-port'

/**
 * Candidates read at most per query, matching or not: filters that almost nothing passes stop
 * here, and the count is then estimated.
 */
export const MAX_SCANNED = 20_000

/** The clock is read once per this many candidates (a few microseconds of work each). */
export const DEADLINE_CHECK_EVERY = 64

/** A filtered scan reads at most this many rows per block: a few ms, so the deadline keeps its precision. */
const MAX_BLOCK = 2_048

/** Candidates a filter that looks rows up (tags, sources, files) has them looked up for at once. */
const LOOKUP_BATCH = 100

export interface Scan<Row extends RankingRow = RankingRow> {
  matches: Row[]
  scanned: number
  /** Every candidate was read: the matches are all there are. */
  isExhausted: boolean
}

/** The next rows of a source in its order, about `size` of them (a source may keep its own block size). */
export type ReadBlock<Row> = (size: number) => Promise<{ rows: Row[]; isLast: boolean }>

/** The store's look-up of the values kept beside a block of rows. */
export type LookUp = (ids: readonly number[], kinds: LookupKinds) => Promise<RowLookups>

/** Whether `filter` reads values kept beside the rows. */
export function looksUp(filter: CompiledFilter): boolean {
  const needs = filter?.needs
  return needs !== undefined && (needs.tags === true || needs.sources === true || needs.fileTypes === true || needs.works === true)
}

/** The values `filter` reads for these rows, in one look-up, for the rows that pass its other checks; none when it reads none. */
export function lookupsFor(lookUp: LookUp, rows: readonly RankingRow[], filter: CompiledFilter): Promise<RowLookups> | RowLookups {
  if (!filter || !looksUp(filter)) return NO_LOOKUPS
  const ids = (rows as readonly Candidate[]).filter((row) => filter.onRow(row)).map((row) => row.id)
  return ids.length === 0 ? NO_LOOKUPS : lookUp(ids, filter.needs)
}

/**
 * Reads candidates in order, a block at a time, until `wanted` pass the filter, the source ends,
 * or `maxScanned` were read (the scan cap unless a smaller one is given). The rows are checked one
 * by one as they come, so the matches, the count of rows scanned and whether the source was read
 * to its end do not depend on where the blocks are cut; only rows of the last block past the stop
 * are read for nothing, which the block sizes keep few. A filter's look-ups are made LOOKUP_BATCH
 * rows at a time. A source of ranking-only rows comes with no filter.
 */
export async function collectBlocks<Row extends RankingRow>(
  read: ReadBlock<Row>,
  filter: CompiledFilter,
  wanted: number,
  deadline: () => void,
  lookUp: LookUp,
  maxScanned = MAX_SCANNED,
): Promise<Scan<Row>> {
  const matches: Row[] = []
  let scanned = 0
  const batch = looksUp(filter) ? LOOKUP_BATCH : Number.POSITIVE_INFINITY
  for (;;) {
    const { rows, isLast } = await read(nextBlockSize(wanted, matches.length, scanned, filter !== null, maxScanned))
    for (let start = 0; start < rows.length; start += batch) {
      const slice = batch < rows.length ? rows.slice(start, start + batch) : rows
      const lookups = await lookupsFor(lookUp, slice, filter)
      for (const candidate of slice) {
        if (++scanned % DEADLINE_CHECK_EVERY === 0) deadline()
        if (!filter || filter.check(candidate as unknown as Candidate, lookups)) matches.push(candidate)
        if (matches.length >= wanted || scanned >= maxScanned) return { matches, scanned, isExhausted: false }
      }
    }
    if (isLast) return { matches, scanned, isExhausted: true }
  }
}

/**
 * How many rows to read next. Without a filter every row matches: exactly those missing. With
 * one, those missing over the share that passed so far (all of them at first), so that the block
 * likely ends near the last match wanted; never past `maxScanned`.
 */
export function nextBlockSize(wanted: number, matched: number, scanned: number, isFiltered: boolean, maxScanned = MAX_SCANNED): number {
  const missing = Math.max(1, wanted - matched)
  const room = maxScanned - scanned
  if (!isFiltered) return Math.min(missing, room)
  const expected = scanned === 0 ? missing : Math.ceil((missing * scanned) / Math.max(matched, 1))
  return Math.max(1, Math.min(expected, MAX_BLOCK, room))
}

/** Throws SearchTimeoutError once called past `timeoutMs` from now. */
export function createDeadline(nowMs: () => number, timeoutMs: number) {
  const end = nowMs() + timeoutMs
  return () => {
    if (nowMs() > end) throw new SearchTimeoutError(timeoutMs)
  }
}
