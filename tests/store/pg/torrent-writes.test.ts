/**
 * The set-based ingest writer on PostgreSQL (issue 36), where it differs from SQLite's single
 * writer: several processes writing the same hashes at once, a backend killed in the middle of a
 * batch, a bad row in a large batch, and the torrent_search partition the ids run into.
 */
import { SQL } from 'bun'
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { evidenceScorer } from '../../../src/evidence'
import { createClassifyStored, type IngestItem, type IngestStore } from '../../../src/ingest'
import { migrateCoreIndex } from '../../../src/store/pg/migration-folder'
import { openPgPool } from '../../../src/store/pg/pools'
import { openPgTorrentPorts, type PgTorrentPorts } from '../../../src/store/pg/torrents'
import { freshPgSchema, pgSkipReason, pgTestCluster } from '../../support/pg-cluster'
import { defaultClassifier, defaultEvidenceWeights } from '../../support/test-index'

const skip = pgSkipReason()
const NOW = 1_767_225_600
const hash = (n: number) => n.toString(16).padStart(40, '0')

const item = (n: number, overrides: Partial<IngestItem> = {}): IngestItem => ({
  infoHash: hash(n),
  infoHashV2: null,
  name: n % 2 === 0 ? `Some.Show.S01E${n % 90}.1080p.WEB.x264-GRP` : `Some.Movie.${n}.2020.1080p.BluRay.x264-GRP`,
  sizeBytes: 1_000_000 + n,
  isPrivate: false,
  files: [
    { index: 0, path: `Some.Movie.${n}.mkv`, sizeBytes: 1_000_000, extension: 'mkv', fileType: 'video' },
    { index: 1, path: `Some.Movie.${n}.nfo`, sizeBytes: n, extension: 'nfo', fileType: 'other' },
  ],
  source: 'dht',
  publishedAt: NOW - n,
  seeders: null,
  leechers: null,
  ...overrides,
})

/** The torrents' ports on a schema of their own, with the pool that holds them (for the looks). */
interface Index {
  url: string
  sql: SQL
  ports: PgTorrentPorts
  writer: IngestStore
}

const opened: SQL[] = []

async function openIndex(url?: string): Promise<Index> {
  const target = url ?? (await freshPgSchema('writes')).url
  const sql = openPgPool(target, { max: 4 })
  opened.push(sql)
  await migrateCoreIndex(sql)
  const ports = openPgTorrentPorts(sql, { url: target, readUrls: [] })
  const writer = ports.torrentWrites({
    classify: createClassifyStored(defaultClassifier),
    scoreEvidence: evidenceScorer(defaultEvidenceWeights),
  }).ingest
  return { url: target, sql, ports, writer }
}

/** Every row count a batch touches, so a failed one can be shown to have left nothing. */
async function rowCounts(sql: SQL): Promise<Record<string, number>> {
  const [row] = await sql`SELECT (SELECT count(*) FROM torrents) AS torrents, (SELECT count(*) FROM torrent_files) AS files,
      (SELECT count(*) FROM torrent_classifications) AS classifications, (SELECT count(*) FROM torrent_categories) AS categories,
      (SELECT count(*) FROM torrent_search) AS search, (SELECT count(*) FROM torrent_sources) AS sources,
      (SELECT count(*) FROM torrent_tags) AS tags, (SELECT count(*) FROM sources) AS source_keys,
      (SELECT sum(torrents) FROM torrent_counts) AS counted`
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)]))
}

describe.skipIf(skip !== null)(`the PostgreSQL ingest writer${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let admin: SQL

  beforeAll(async () => {
    admin = new SQL((await pgTestCluster()).adminUrl, { max: 2 })
  })

  afterAll(async () => {
    for (const sql of opened) await sql.close()
    await admin.close()
  })

  test('a batch of 500 with one bad row leaves nothing behind, and the next batch writes whole', async () => {
    const { sql, writer } = await openIndex()
    const before = await rowCounts(sql)
    const items = Array.from({ length: 500 }, (_, i) => item(i + 1, i === 417 ? { source: 'Not A Key!' } : {}))
    await expect(writer.writeBatch(items, NOW)).rejects.toMatchObject({ code: 'store_failed' })
    expect(await rowCounts(sql)).toEqual(before)
    const result = await writer.writeBatch(
      items.map((entry) => ({ ...entry, source: 'dht' })),
      NOW,
    )
    expect(result.outcomes.every((outcome) => outcome === 'imported')).toBe(true)
    const after = await rowCounts(sql)
    expect(after).toMatchObject({ torrents: 500, files: 1000, classifications: 500, search: 500, sources: 500, counted: 500 })
  })

  test('two crawlers writing overlapping batches at once keep one row per hash, and the counts add up', async () => {
    const first = await openIndex()
    const second = await openIndex(first.url)
    // Each batch shares half its hashes with the other crawler's batch at the same step, in another order.
    const batchOf = (crawler: number, step: number) =>
      crawler === 0
        ? Array.from({ length: 200 }, (_, i) => item(step * 1000 + i))
        : Array.from({ length: 200 }, (_, i) => item(step * 1000 + 100 + i)).reverse()
    const outcomes = await Promise.all(
      [first, second].map(async (index, crawler) => {
        const all: string[] = []
        for (let step = 0; step < 5; step++) all.push(...(await index.writer.writeBatch(batchOf(crawler, step), NOW)).outcomes)
        return all
      }),
    )
    const imported = outcomes.flat().filter((outcome) => outcome === 'imported').length
    const updated = outcomes.flat().filter((outcome) => outcome === 'updated').length
    // 300 distinct hashes a step: each imported once, the 100 shared ones updated by the later writer.
    expect({ imported, updated }).toEqual({ imported: 1500, updated: 500 })
    const [duplicates] = await first.sql`SELECT count(*) - count(DISTINCT info_hash) AS n FROM torrents`
    expect(Number(duplicates.n)).toBe(0)
    expect(await rowCounts(first.sql)).toMatchObject({ torrents: 1500, classifications: 1500, search: 1500, files: 3000, counted: 1500 })
    const counts = (await first.ports.counts.countsByContentType()).filter((row) => row.count !== 0)
    const classified = await first.sql`SELECT content_type, count(*) AS n FROM torrent_classifications GROUP BY 1`
    expect(Object.fromEntries(counts.map((row) => [row.contentType, row.count]))).toEqual(
      Object.fromEntries(classified.map((row: { content_type: string; n: unknown }) => [row.content_type, Number(row.n)])),
    )
  })

  test('a backend killed in the middle of a batch fails it whole with a StoreError, and the pool writes the next one', async () => {
    const { url, sql, writer } = await openIndex()
    await writer.writeBatch([item(1)], NOW)
    const before = await rowCounts(sql)
    // The writer's transaction waits on this lock (a row of torrent_counts its triggers update), so it is killed mid-batch.
    const holder = new SQL(url, { max: 1 })
    opened.push(holder)
    const blocker = await holder.reserve()
    await blocker`BEGIN`
    await blocker`UPDATE torrent_counts SET torrents = torrents WHERE content_type = 'unknown'`
    // Its failure is taken at once: it may come before the test gets to look, which would
    // otherwise be an unhandled rejection failing the test.
    const batch = writer
      .writeBatch(
        Array.from({ length: 50 }, (_, i) => item(i + 10)),
        NOW,
      )
      .then(
        () => null,
        (err: unknown) => err,
      )
    let victim: number | null = null
    for (let tries = 0; tries < 200 && victim === null; tries++) {
      const [waiting] = await admin`SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%INSERT INTO torrents%'`
      victim = waiting ? Number(waiting.pid) : null
      if (victim === null) await Bun.sleep(25)
    }
    expect(victim).not.toBeNull()
    await admin`SELECT pg_terminate_backend(${victim})`
    expect(await batch).toMatchObject({ code: 'store_failed' })
    await blocker`ROLLBACK`
    blocker.release()
    expect(await rowCounts(sql)).toEqual(before)
    expect((await writer.writeBatch([item(10)], NOW)).outcomes).toEqual(['imported'])
  })

  test('ids reaching the end of the first search partition go into the next, created ahead of them', async () => {
    const { sql, writer } = await openIndex()
    await sql`SELECT setval(pg_get_serial_sequence('torrents', 'id'), 999980)`
    const { classified } = await writer.writeBatch(
      Array.from({ length: 40 }, (_, i) => item(i + 1)),
      NOW,
    )
    expect(Math.max(...classified.map((entry) => entry.torrentId))).toBeGreaterThan(1_000_000)
    const partitions = await sql`SELECT c.relname, count(s.*) AS n FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      LEFT JOIN torrent_search s ON s.tableoid = c.oid WHERE i.inhparent = 'torrent_search'::regclass GROUP BY c.relname ORDER BY c.relname`
    expect(partitions.map((row: { relname: string; n: unknown }) => [row.relname, Number(row.n)])).toEqual([
      ['torrent_search_p0', 20],
      ['torrent_search_p1', 20],
    ])
  })

  test('a partition missing under ids another writer took fails no batch: it is made and the batch written', async () => {
    const first = await openIndex()
    const second = await openIndex(first.url)
    await second.writer.writeBatch([item(1)], NOW)
    // Another process took ids past the partitions this writer checked at its first batch.
    await first.sql`SELECT setval(pg_get_serial_sequence('torrents', 'id'), 2999990)`
    const { outcomes } = await second.writer.writeBatch(
      Array.from({ length: 20 }, (_, i) => item(i + 2)),
      NOW,
    )
    expect(outcomes.every((outcome) => outcome === 'imported')).toBe(true)
    // The failed attempt's ids are spent (a sequence never gives back), so the batch lands past 3,000,000.
    const [row] = await first.sql`SELECT count(*) AS n, min(s.tableoid::regclass::text) AS partition FROM torrent_search s
      WHERE torrent_id > 1`
    expect({ n: Number(row.n), partition: row.partition }).toEqual({ n: 20, partition: 'torrent_search_p3' })
  })
})
