import { SearchTimeoutError } from './errors'
import type { CompiledFilter } from './filters'
import type { Candidate, RankingRow } from './model'

/**
 * Candidates read at most per query, matching or not: filters that almost nothing passes stop
 * here, and the count is then estimated.
 */
export const MAX_SCANNED = 20_000

/** The clock is read once per this many candidates (a few microseconds of work each). */
export const DEADLINE_CHECK_EVERY = 64

/** Candidates a filter that looks rows up (files, sources) is given at once to read them for (filters.ts prefetch). */
const LOOKUP_BATCH = 100

export interface Scan {
  matches: RankingRow[]
  scanned: number
  /** Every candidate was read: the matches are all there are. */
  isExhausted: boolean
}

/**
 * Reads candidates in order until `wanted` pass the filter, the source ends, or `maxScanned`
 * were read (the scan cap unless a smaller one is given). A source of ranking-only rows comes
 * with no filter.
 */
export function collect<Row extends RankingRow>(
  source: Generator<Row>,
  filter: CompiledFilter,
  wanted: number,
  deadline: () => void,
  maxScanned = MAX_SCANNED,
): Omit<Scan, 'matches'> & { matches: Row[] } {
  const matches: Row[] = []
  let scanned = 0
  /** Checks one candidate; true once the scan has what it wanted or read its most. */
  const isDone = (candidate: Row): boolean => {
    if (++scanned % DEADLINE_CHECK_EVERY === 0) deadline()
    if (!filter || filter(candidate as unknown as Candidate)) matches.push(candidate)
    return matches.length >= wanted || scanned >= maxScanned
  }
  try {
    if (filter?.prefetch) {
      for (const batch of inBatches(source, LOOKUP_BATCH)) {
        filter.prefetch(batch as unknown as Candidate[])
        if (batch.some(isDone)) return { matches, scanned, isExhausted: false }
      }
    } else {
      for (const candidate of source) if (isDone(candidate)) return { matches, scanned, isExhausted: false }
    }
    return { matches, scanned, isExhausted: true }
  } finally {
    // Ends the statement's iteration so the next search can reuse it.
    source.return(undefined)
  }
}

function* inBatches<Row>(source: Generator<Row>, size: number): Generator<Row[]> {
  let batch: Row[] = []
  for (const row of source) {
    batch.push(row)
    if (batch.length < size) continue
    yield batch
    batch = []
  }
  if (batch.length > 0) yield batch
}

/** Throws SearchTimeoutError once called past `timeoutMs` from now. */
export function createDeadline(nowMs: () => number, timeoutMs: number) {
  const end = nowMs() + timeoutMs
  return () => {
    if (nowMs() > end) throw new SearchTimeoutError(timeoutMs)
  }
}
