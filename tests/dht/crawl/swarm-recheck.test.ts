/**
 * The scheduled swarm re-check over a real index: the due torrents read by the crawler's own
 * read (the store's DueSwarmsReader), the counts written back by the ingest writer, and a clock the test moves.
 * Order, rate, passes and the bound on checks in flight are counted, never timed.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import type { DueSwarmsReader } from '../../../src/dht'
import { createSwarmRecheck } from '../../../src/dht/crawl/swarm-recheck'
import { openDueSwarmsReader } from '../../../src/store'
import { openTestIndex } from '../../support/test-index'

const DAY_MS = 86_400_000
const START_MS = Date.UTC(2026, 0, 10)
const hash = (i: number) => i.toString(16).padStart(40, '0')

let due: DueSwarmsReader | undefined
afterEach(() => due?.close())

/** An index of `count` torrents, each last checked when `checkedAtMs(i)` says (0: never). */
async function indexWith(count: number, checkedAtMs: (i: number) => number) {
  const index = openTestIndex()
  index.torrents.writer.writeBatch(
    Array.from({ length: count }, (_, i) => ({
      infoHash: hash(i + 1),
      infoHashV2: null,
      name: `Torrent.${i + 1}.2020.1080p.WEB-DL`,
      sizeBytes: 1_000_000_000,
      isPrivate: false,
      files: null,
      source: 'import',
      publishedAt: null,
      seeders: null,
      leechers: null,
    })),
    START_MS / 1000 - 30 * 86_400,
  )
  const set = index.db.sqlite.prepare('UPDATE torrents SET swarm_checked_at = ? WHERE info_hash = ?')
  for (let i = 0; i < count; i++) set.run(Math.floor(checkedAtMs(i) / 1000), Buffer.from(hash(i + 1), 'hex'))
  due = await openDueSwarmsReader(index.store.dueSwarmsSpec())
  return index
}

/** Ticks every 100 ms of the test's clock until `untilMs`, as the crawl does, letting settled checks finish between ticks. */
async function runUntil(recheck: { tick(nowMs: number): void }, fromMs: number, untilMs: number): Promise<void> {
  for (let now = fromMs; now <= untilMs; now += 100) {
    recheck.tick(now)
    await Bun.sleep(0)
  }
}

describe('the scheduled swarm re-check', () => {
  test('checks due torrents oldest check first, never-checked ones leading, and skips those checked within the interval', async () => {
    const ages = [3 * DAY_MS, 10 * DAY_MS, -1, 8 * DAY_MS, 60_000, -1, 30 * DAY_MS]
    const index = await indexWith(ages.length, (i) => (ages[i]! < 0 ? 0 : START_MS - ages[i]!))
    const checked: string[] = []
    const recheck = createSwarmRecheck(
      {
        intervalMs: 7 * DAY_MS,
        perSecond: 100,
        readDue: due!.dueSwarms,
        check: async (infoHash) => {
          checked.push(infoHash)
          index.torrents.writer.updateSwarms([{ infoHash, seeders: 3, leechers: 1 }], Math.floor(START_MS / 1000))
        },
      },
      START_MS,
    )
    await runUntil(recheck, START_MS, START_MS + 2_000)
    // Never checked (by id), then 30, 10 and 8 days ago; 3 days and a minute are within the week.
    expect(checked).toEqual([hash(3), hash(6), hash(7), hash(2), hash(4)])
    const stored = index.db.sqlite
      .query<{ n: number }, [number]>('SELECT count(*) AS n FROM torrents WHERE swarm_checked_at = ? AND seeders = 3')
      .get(Math.floor(START_MS / 1000))!
    expect(stored.n).toBe(5)
  })

  test('starts at most its rate: a second of burst, then perSecond, counted on the injected clock', async () => {
    await indexWith(200, () => 0)
    let started = 0
    const recheck = createSwarmRecheck(
      { intervalMs: DAY_MS, perSecond: 3, readDue: due!.dueSwarms, check: async () => void started++ },
      START_MS,
    )
    await runUntil(recheck, START_MS, START_MS + 10_000)
    // A full bucket of 3, then 3 a second for 10 s: 33 at most, and the bucket leaves none unused.
    expect(started).toBeLessThanOrEqual(33)
    expect(started).toBeGreaterThanOrEqual(32)
    await runUntil(recheck, START_MS + 10_100, START_MS + 20_000)
    expect(started).toBeLessThanOrEqual(63)
  })

  test('a torrent the DHT did not answer for is passed over until the next pass, which starts after a rest', async () => {
    await indexWith(3, (i) => START_MS - (10 - i) * DAY_MS)
    const reads: number[] = []
    const checked: string[] = []
    const recheck = createSwarmRecheck(
      {
        intervalMs: DAY_MS,
        perSecond: 100,
        readDue: (before, cursor, limit) => {
          reads.push(before)
          return due!.dueSwarms(before, cursor, limit)
        },
        // Nothing is written back: no node answered.
        check: async (infoHash) => void checked.push(infoHash),
      },
      START_MS,
    )
    await runUntil(recheck, START_MS, START_MS + 1_000)
    expect(checked).toEqual([hash(1), hash(2), hash(3)])
    const readsInFirstPass = reads.length
    // The pass has ended: it rests a tenth of the interval (2.4 h) without reading the index.
    await runUntil(recheck, START_MS + 1_100, START_MS + 60_000)
    expect(reads.length).toBe(readsInFirstPass)
    expect(checked).toHaveLength(3)
    await runUntil(recheck, START_MS + 0.1 * DAY_MS + 1_100, START_MS + 0.1 * DAY_MS + 2_000)
    expect(checked).toEqual([hash(1), hash(2), hash(3), hash(1), hash(2), hash(3)])
  })

  test('keeps a bounded number of checks in flight while the DHT is slow to answer', async () => {
    await indexWith(100, () => 0)
    let started = 0
    const recheck = createSwarmRecheck(
      { intervalMs: DAY_MS, perSecond: 5, readDue: due!.dueSwarms, check: () => new Promise(() => void started++) },
      START_MS,
    )
    await runUntil(recheck, START_MS, START_MS + 60_000)
    expect(started).toBe(10)
  })
})

describe("the re-check's read of the index", () => {
  test('walks by check time then id from a cursor, through more torrents of one time than a batch holds', async () => {
    await indexWith(150, (i) => (i < 140 ? 0 : START_MS - (20 - i + 140) * DAY_MS))
    const before = Math.floor((START_MS - DAY_MS) / 1000)
    const seen: string[] = []
    let cursor = { checkedAt: 0, id: 0 }
    for (;;) {
      const batch = await due!.dueSwarms(before, cursor, 64)
      if (batch.length === 0) break
      seen.push(...batch.map((row) => row.infoHash))
      cursor = { checkedAt: batch.at(-1)!.checkedAt, id: batch.at(-1)!.id }
    }
    expect(seen).toHaveLength(150)
    expect(new Set(seen).size).toBe(150)
    expect(seen.slice(0, 140)).toEqual(Array.from({ length: 140 }, (_, i) => hash(i + 1)))
    // The checked ones, oldest first: 20 days ago (i = 140) down to 11 days ago (i = 149).
    expect(seen.slice(140)).toEqual(Array.from({ length: 10 }, (_, i) => hash(141 + i)))
  })
})
