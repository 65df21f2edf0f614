/**
 * A scan read a block at a time gives what one read of every row gives, wherever the blocks are
 * cut: the same matches in the same order, the same count of rows scanned, the same verdict on
 * whether the source was read to its end, and the deadline checked at the same rows.
 */
import { describe, expect, test } from 'bun:test'
import { type CompiledFilter, NO_LOOKUPS } from '../../src/search/filters'
import type { Candidate } from '../../src/search/model'
import { collectBlocks, type LookUp, MAX_SCANNED, nextBlockSize, type ReadBlock } from '../../src/search/scan'
import { createRandom } from '../support/seeded-random'

type Row = Candidate

/** Rows newest first; one in `tagEvery` carries the tag `x`, the rest of the row is what the filters read. */
function rowsOf(count: number, seed: number): Row[] {
  const random = createRandom(seed)
  return Array.from({ length: count }, (_, i) => ({ id: count - i, size: random.int(1, 100), name: `r${i}` }) as unknown as Row)
}

/** The rows in blocks of exactly `size`, whatever the scan asks. */
function fixedBlocks(rows: Row[], size: number): ReadBlock<Row> {
  let start = 0
  return async () => {
    const block = rows.slice(start, start + size)
    start += size
    return { rows: block, isLast: start >= rows.length }
  }
}

/** The rows in blocks of the size the scan asks for. */
function askedBlocks(rows: Row[], sizes: number[]): ReadBlock<Row> {
  let start = 0
  return async (size) => {
    sizes.push(size)
    const block = rows.slice(start, start + size)
    start += size
    return { rows: block, isLast: start >= rows.length }
  }
}

/** Tags of the ids asked for only: a filter reading another block's would misjudge rows. Each call's ids are kept in `asked`. */
const tagsOfBlock =
  (tagged: (id: number) => boolean, asked: number[][] = []): LookUp =>
  async (ids, kinds) => {
    asked.push([...ids])
    return { ...NO_LOOKUPS, tags: new Map(kinds.tags ? ids.filter(tagged).map((id) => [id, ['x']] as [number, string[]]) : []) }
  }

interface Case {
  name: string
  rows: number
  wanted: number
  filter: CompiledFilter
}

const isTagged = (id: number) => id % 7 === 3
/** A filter of the row alone. */
const onRow = (check: (row: Row) => boolean): CompiledFilter => ({ check, needs: {}, onRow: check })
/** Rows of size 50 or less with the tag: only those rows have their tags looked up. */
const smallAndTagged: CompiledFilter = {
  check: (row, lookups) => row.size <= 50 && lookups.tags.get(row.id)?.includes('x') === true,
  needs: { tags: true },
  onRow: (row) => row.size <= 50,
}
const CASES: Case[] = [
  { name: 'no filter, fewer rows than wanted', rows: 300, wanted: 501, filter: null },
  { name: 'no filter, stops at the window', rows: 1_200, wanted: 501, filter: null },
  { name: 'a filter a third pass', rows: 1_200, wanted: 200, filter: onRow((row) => row.size <= 33) },
  { name: 'a tag filter looked up per batch', rows: 2_000, wanted: 150, filter: smallAndTagged },
  { name: 'a filter almost nothing passes, past the scan cap', rows: 24_000, wanted: 501, filter: onRow((row) => row.size === 1) },
  { name: 'a filter nothing passes', rows: 2_500, wanted: 10, filter: onRow(() => false) },
]

async function scan(read: ReadBlock<Row>, testCase: Case) {
  let deadlineChecks = 0
  const result = await collectBlocks(read, testCase.filter, testCase.wanted, () => deadlineChecks++, tagsOfBlock(isTagged))
  return { ids: result.matches.map((row) => row.id), scanned: result.scanned, isExhausted: result.isExhausted, deadlineChecks }
}

describe('a scan read in blocks', () => {
  test.each(CASES)('$name: every block size from 1 to 3,000 gives what one block of 20,000 gives', async (testCase) => {
    const rows = rowsOf(testCase.rows, testCase.rows)
    const whole = await scan(fixedBlocks(rows, MAX_SCANNED + 1), testCase)
    // Not vacuous: the cases stop for each of their reasons.
    expect(whole.scanned).toBeGreaterThan(0)
    expect(whole.deadlineChecks).toBe(Math.floor(whole.scanned / 64))
    for (let size = 1; size <= 3_000; size++)
      expect({ size, ...(await scan(fixedBlocks(rows, size), testCase)) }).toEqual({ size, ...whole })
  })

  test('the cases stop for every reason a scan stops', async () => {
    const outcomes = await Promise.all(
      CASES.map(async (testCase) => {
        const result = await scan(fixedBlocks(rowsOf(testCase.rows, testCase.rows), MAX_SCANNED + 1), testCase)
        return result.isExhausted
          ? 'exhausted'
          : result.ids.length >= testCase.wanted
            ? 'enough'
            : result.scanned >= MAX_SCANNED
              ? 'cap'
              : '?'
      }),
    )
    expect(new Set(outcomes)).toEqual(new Set(['exhausted', 'enough', 'cap']))
  })

  test('blocks of the size the scan asks: what is missing without a filter, and a filtered scan reads few rows past its stop', async () => {
    for (const testCase of CASES) {
      const rows = rowsOf(testCase.rows, testCase.rows)
      const sizes: number[] = []
      const result = await scan(askedBlocks(rows, sizes), testCase)
      expect(result).toEqual(await scan(fixedBlocks(rows, MAX_SCANNED + 1), testCase))
      const read = Math.min(
        rows.length,
        sizes.reduce((sum, size) => sum + size, 0),
      )
      if (!testCase.filter) expect(sizes).toEqual([Math.min(testCase.wanted, MAX_SCANNED)])
      // Rows read for nothing: under a block's worth, and a small share of what was scanned.
      expect(read - result.scanned).toBeLessThanOrEqual(Math.max(...sizes))
      if (testCase.filter && !result.isExhausted) expect(read - result.scanned).toBeLessThan(Math.max(64, result.scanned / 4))
    }
  })

  test("a filter's look-ups are asked a hundred rows at a time, for the rows its own checks pass only", async () => {
    const rows = rowsOf(2_000, 2_000)
    const asked: number[][] = []
    const result = await collectBlocks(fixedBlocks(rows, 700), smallAndTagged, 100, () => {}, tagsOfBlock(isTagged, asked))
    expect(result.matches.length).toBe(100)
    const small = new Set(rows.filter((row) => row.size <= 50).map((row) => row.id))
    expect(asked.length).toBeGreaterThan(1)
    for (const ids of asked) {
      expect(ids.length).toBeLessThanOrEqual(100)
      expect(ids.every((id) => small.has(id))).toBe(true)
    }
  })

  test('a smaller cap on the rows read stops there', async () => {
    const rows = rowsOf(2_000, 2_000)
    const capped = await collectBlocks(
      fixedBlocks(rows, 64),
      onRow((row) => row.size <= 10),
      500,
      () => {},
      tagsOfBlock(isTagged),
      300,
    )
    expect({ scanned: capped.scanned, isExhausted: capped.isExhausted }).toEqual({ scanned: 300, isExhausted: false })
    expect(capped.matches.map((row) => row.id)).toEqual(
      rows
        .slice(0, 300)
        .filter((row) => row.size <= 10)
        .map((row) => row.id),
    )
  })

  test('the next block size: what is missing, over the share that passed, within the block and scan caps', () => {
    expect(nextBlockSize(501, 0, 0, false)).toBe(501)
    expect(nextBlockSize(501, 500, 500, false)).toBe(1)
    expect(nextBlockSize(30_000, 0, 0, false)).toBe(MAX_SCANNED)
    expect(nextBlockSize(501, 0, 0, true)).toBe(501)
    expect(nextBlockSize(501, 100, 400, true)).toBe(1_604)
    expect(nextBlockSize(501, 0, 501, true)).toBe(2_048)
    expect(nextBlockSize(501, 0, MAX_SCANNED - 10, true)).toBe(10)
    expect(nextBlockSize(501, 0, 0, false, 300)).toBe(300)
  })
})
