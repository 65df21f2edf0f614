import { describe, expect, test } from 'bun:test'
import { openDatabase } from '../../src/store/sqlite'
import {
  type BatchResult,
  createIngestPipeline,
  ingestItemFromMetainfo,
  type IngestItem,
  type IngestStore,
  type WriteOutcome,
} from '../../src/ingest'
import { hexToBytes, parseTorrentFile } from '../../src/metainfo'
import { waitFor } from '../support/dht-probe'
import { openEngineIndex } from '../support/engine-index'
import { describeOnEngines } from '../support/engines'
import { openTestIndex, quietLog } from '../support/test-index'
import { readTorrentFixture } from '../support/torrent-fixtures'

function item(overrides: Partial<IngestItem> = {}): IngestItem {
  return {
    infoHash: 'a'.repeat(40),
    infoHashV2: null,
    name: 'Some.Show.S01E01.720p.HDTV.x264-GRP',
    sizeBytes: 100,
    isPrivate: false,
    files: null,
    source: 'import',
    publishedAt: null,
    seeders: null,
    leechers: null,
    ...overrides,
  }
}

type Index = Awaited<ReturnType<typeof openEngineIndex>>

const countRows = async (index: Index, table: string) =>
  Number((await index.sql.get<{ n: unknown }>(`SELECT count(*) AS n FROM ${table}`))!.n)

/** A row of counts and times, as numbers on either engine (PostgreSQL's int8 arrive as strings). */
const numbers = (row: Record<string, unknown> | undefined) =>
  row && Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value === null ? null : Number(value)]))

describeOnEngines('ingest pipeline', (engine) => {
  test('writes a batch as soon as it is full', async () => {
    const index = await openEngineIndex(engine, { batchSize: 3, flushIntervalMs: 10 * 60_000 })
    const { pipeline } = index
    pipeline.submit(item({ infoHash: '1'.repeat(40) }))
    pipeline.submit(item({ infoHash: '2'.repeat(40) }))
    expect(await countRows(index, 'torrents')).toBe(0)
    expect(pipeline.pending).toBe(2)
    pipeline.submit(item({ infoHash: '3'.repeat(40) }))
    expect(pipeline.pending).toBe(0)
    // Nothing flushes and the timer is minutes away: the full batch alone writes them.
    await waitFor(async () => (await countRows(index, 'torrents')) === 3, 30_000, 10)
  })

  test('a commit listener that throws neither undoes the batch nor stops the next listener or the producer', async () => {
    const index = await openEngineIndex(engine, { batchSize: 2, flushIntervalMs: 60_000 })
    const { pipeline } = index
    const seen: number[] = []
    pipeline.onCommitted(() => {
      throw new Error('listener broke')
    })
    pipeline.onCommitted(({ report }) => {
      seen.push(report.imported)
    })
    pipeline.submit(item({ infoHash: '4'.repeat(40) }))
    expect(() => pipeline.submit(item({ infoHash: '5'.repeat(40) }))).not.toThrow()
    await pipeline.flush()
    expect(await countRows(index, 'torrents')).toBe(2)
    expect(seen).toEqual([2])
  })

  test('writes a trickle of items after the flush interval', async () => {
    const index = await openEngineIndex(engine, { batchSize: 1000, flushIntervalMs: 20 })
    index.pipeline.submit(item())
    expect(await countRows(index, 'torrents')).toBe(0)
    // Nothing else flushes: the timer alone writes it.
    await waitFor(async () => (await countRows(index, 'torrents')) === 1, 30_000, 10)
  })

  test('upserts by info hash: no duplicate rows, earliest first sighting kept, feed time unchanged', async () => {
    const index = await openEngineIndex(engine)
    const { pipeline } = index
    const outcomes: (WriteOutcome | Error)[] = []
    const receipt = { settle: (outcome: WriteOutcome | Error) => outcomes.push(outcome) }
    const files = parseTorrentFile(readTorrentFixture('continuum-s01.torrent')).files
    pipeline.submit(item({ publishedAt: 1_700_000_000, files }), receipt)
    await pipeline.flush()
    pipeline.submit(item({ publishedAt: 1_600_000_000, files, seeders: 12 }), receipt)
    pipeline.submit(item({ publishedAt: 1_650_000_000, files, source: 'dht' }), receipt)
    await pipeline.flush()

    expect(outcomes).toEqual(['imported', 'updated', 'updated'])
    expect(await countRows(index, 'torrents')).toBe(1)
    expect(await countRows(index, 'torrent_files')).toBe(files.length)
    const row = numbers(await index.sql.get('SELECT published_at, first_seen_at, seeders FROM torrents'))
    expect(row).toEqual({ published_at: 1_700_000_000, first_seen_at: 1_600_000_000, seeders: 12 })
    const sources = await index.sql.all<{ key: string; published_at: unknown }>(
      'SELECT s.key, ts.published_at FROM torrent_sources ts JOIN sources s ON s.id = ts.source_id ORDER BY s.key',
    )
    expect(sources.map((source) => ({ ...source, published_at: Number(source.published_at) }))).toEqual([
      { key: 'dht', published_at: 1_650_000_000 },
      { key: 'import', published_at: 1_600_000_000 },
    ])
  })

  test('fills in the file list when a torrent first known without files arrives with them', async () => {
    const index = await openEngineIndex(engine)
    const { pipeline } = index
    const metainfo = parseTorrentFile(readTorrentFixture('wired-cd.torrent'))
    pipeline.submit(item({ infoHash: metainfo.infoHash, name: metainfo.name, sizeBytes: 1 }))
    await pipeline.flush()
    expect(await index.sql.get('SELECT files_count FROM torrents')).toEqual({ files_count: null })
    pipeline.submit(ingestItemFromMetainfo(metainfo, 'dht'))
    await pipeline.flush()
    expect(numbers(await index.sql.get('SELECT files_count, size FROM torrents'))).toEqual({
      files_count: metainfo.files.length,
      size: metainfo.sizeBytes,
    })
    expect(await countRows(index, 'torrent_files')).toBe(metainfo.files.length)
  })

  test('never stores a publish time in the future', async () => {
    const index = await openEngineIndex(engine)
    index.pipeline.submit(item({ publishedAt: Math.floor(Date.now() / 1000) + 86_400 * 365 }))
    await index.pipeline.flush()
    const row = await index.sql.get<{ published_at: unknown }>('SELECT published_at FROM torrents')
    expect(Number(row!.published_at)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000))
  })

  test('one bad item fails alone; the rest of its batch lands', async () => {
    const index = await openEngineIndex(engine, { batchSize: 10 })
    const { pipeline } = index
    const outcomes: (WriteOutcome | Error)[] = []
    const receipt = { settle: (outcome: WriteOutcome | Error) => outcomes.push(outcome) }
    pipeline.submit(item({ infoHash: '1'.repeat(40) }), receipt)
    // Producers validate sizes; a negative one here stands for any row the database refuses.
    pipeline.submit(item({ infoHash: '2'.repeat(40), sizeBytes: -5 }), receipt)
    pipeline.submit(item({ infoHash: '3'.repeat(40) }), receipt)
    const report = await pipeline.flush()

    expect(report).toEqual({ imported: 2, updated: 0, deleted: 0, blocked: 0, failed: 1 })
    expect(outcomes[0]).toBe('imported')
    expect(outcomes[1]).toBeInstanceOf(Error)
    expect(outcomes[2]).toBe('imported')
    expect(await countRows(index, 'torrents')).toBe(2)
  })
})

// SQLite's own behaviour: its calls settle at once, and WAL lets a reader past an open write.
describe('ingest pipeline on SQLite alone', () => {
  const countSqliteRows = (sqlite: import('bun:sqlite').Database, table: string) =>
    (sqlite.query(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n

  test("a full batch lands within the producer's call, as a synchronous writer's did", () => {
    const { db, pipeline } = openTestIndex({ batchSize: 2, flushIntervalMs: 60_000 })
    pipeline.submit(item({ infoHash: '1'.repeat(40) }))
    expect(countSqliteRows(db.sqlite, 'torrents')).toBe(0)
    pipeline.submit(item({ infoHash: '2'.repeat(40) }))
    expect(countSqliteRows(db.sqlite, 'torrents')).toBe(2)
  })

  test('readers see the last committed state while a write transaction is open', async () => {
    const { db, pipeline, path } = openTestIndex()
    pipeline.submit(item({ infoHash: '1'.repeat(40) }))
    await pipeline.flush()

    const reader = openDatabase(path, { readonly: true })
    db.sqlite.run('BEGIN IMMEDIATE')
    db.sqlite.run(
      "INSERT INTO torrents (info_hash, name, size, published_at, first_seen_at, updated_at) VALUES (?, 'uncommitted', 1, 1, 1, 1)",
      [hexToBytes('2'.repeat(40))],
    )
    const started = performance.now()
    expect(countSqliteRows(reader.sqlite, 'torrents')).toBe(1)
    // With a rollback journal this read would wait for busy_timeout (5 s) and then fail.
    expect(performance.now() - started).toBeLessThan(5_000)
    db.sqlite.run('COMMIT')
    expect(countSqliteRows(reader.sqlite, 'torrents')).toBe(2)
    reader.close()
  })
})

/**
 * A store whose writes settle only when the test says (as a networked engine's would): each call
 * waits in `calls` until released.
 */
function slowStore(options: { failBatchesOver?: number } = {}) {
  const calls: { items: readonly IngestItem[]; release: () => void }[] = []
  let writing = 0
  let overlapped = false
  const store: IngestStore = {
    writeBatch(items) {
      writing++
      if (writing > 1) overlapped = true
      return new Promise<BatchResult>((resolve, reject) => {
        calls.push({
          items,
          release: () => {
            writing--
            if (options.failBatchesOver !== undefined && items.length > options.failBatchesOver) reject(new Error('batch refused'))
            else resolve({ outcomes: items.map(() => 'imported' as const), classified: [] })
          },
        })
      })
    },
    updateSwarms: async () => {},
  }
  return { store, calls, overlapped: () => overlapped }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const hashed = (n: number) => item({ infoHash: n.toString(16).padStart(40, '0') })

describe('ingest pipeline over a store that answers later', () => {
  test('batches never overlap, and each waits for the listeners of the one before', async () => {
    const slow = slowStore()
    const pipeline = createIngestPipeline({ writer: slow.store, batchSize: 2, flushIntervalMs: 60_000, log: quietLog })
    const order: string[] = []
    let releaseListener = () => {}
    pipeline.onCommitted(async ({ report }) => {
      order.push(`listener 1 of a batch of ${report.imported}`)
      await new Promise<void>((resolve) => {
        releaseListener = resolve
      })
    })
    pipeline.onCommitted(({ report }) => {
      order.push(`listener 2 of a batch of ${report.imported}`)
    })
    for (let n = 1; n <= 4; n++) pipeline.submit(hashed(n))
    pipeline.submit(hashed(5))
    await settle()
    expect(slow.calls).toHaveLength(1)
    slow.calls[0]!.release()
    await settle()
    expect(order).toEqual(['listener 1 of a batch of 2'])
    // The second batch waits for the first one's slow listener.
    expect(slow.calls).toHaveLength(1)
    releaseListener()
    await settle()
    expect(order).toEqual(['listener 1 of a batch of 2', 'listener 2 of a batch of 2'])
    expect(slow.calls).toHaveLength(2)
    expect(slow.calls[1]!.items.map((entry) => entry.infoHash)).toEqual([hashed(3).infoHash, hashed(4).infoHash])
    expect(slow.overlapped()).toBe(false)
  })

  test('flush() resolves once everything submitted is committed', async () => {
    const slow = slowStore()
    const pipeline = createIngestPipeline({ writer: slow.store, batchSize: 2, flushIntervalMs: 60_000, log: quietLog })
    const outcomes: (WriteOutcome | Error)[] = []
    const receipt = { settle: (outcome: WriteOutcome | Error) => outcomes.push(outcome) }
    for (let n = 1; n <= 3; n++) pipeline.submit(hashed(n), receipt)
    let flushed = false
    const flushing = pipeline.flush().then((report) => {
      flushed = true
      return report
    })
    for (let i = 0; i < 2; i++) {
      await settle()
      expect(flushed).toBe(false)
      slow.calls[i]!.release()
    }
    expect(await flushing).toEqual({ imported: 1, updated: 0, deleted: 0, blocked: 0, failed: 0 })
    expect(outcomes).toEqual(['imported', 'imported', 'imported'])
    expect(pipeline.totals.batches).toBe(2)
  })

  test('submit() asks its producer to wait while the writer is two batches behind', async () => {
    const slow = slowStore()
    const pipeline = createIngestPipeline({ writer: slow.store, batchSize: 1, flushIntervalMs: 60_000, log: quietLog })
    expect(pipeline.submit(hashed(1))).toBeUndefined()
    const wait = pipeline.submit(hashed(2))
    expect(wait).toBeInstanceOf(Promise)
    let waited = false
    void wait!.then(() => {
      waited = true
    })
    await settle()
    expect(waited).toBe(false)
    slow.calls[0]!.release()
    await settle()
    expect(waited).toBe(true)
    slow.calls[1]!.release()
    await pipeline.flush()
  })

  test('a failed batch is retried item by item, each write awaited', async () => {
    const slow = slowStore({ failBatchesOver: 1 })
    const pipeline = createIngestPipeline({ writer: slow.store, batchSize: 10, flushIntervalMs: 60_000, log: quietLog })
    for (let n = 1; n <= 3; n++) pipeline.submit(hashed(n))
    const flushing = pipeline.flush()
    for (let i = 0; i < 4; i++) {
      await settle()
      expect(slow.overlapped()).toBe(false)
      slow.calls[i]!.release()
    }
    expect(await flushing).toEqual({ imported: 3, updated: 0, deleted: 0, blocked: 0, failed: 0 })
    expect(slow.calls.map((call) => call.items.length)).toEqual([3, 1, 1, 1])
  })
})
