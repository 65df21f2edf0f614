import { describe, expect, test } from 'bun:test'
import { loadKnownHashes } from '../../src/dht/crawl/known-hashes'
import type { IngestItem } from '../../src/ingest'
import { hexToBytes } from '../../src/metainfo'
import { type EvictionScan, startEvictionScan } from '../../src/storage-cap'
import { openKnownHashesReader } from '../../src/store'
import { EVICTION_WINDOW } from '../../src/store/sqlite/maintenance/eviction'
import { openTestIndex } from '../support/test-index'

const NOW = 1_900_000_000
const hashOf = (n: number) => `${n.toString(16).padStart(8, '0')}${'ab'.repeat(16)}`

/** Torrent n: published at n (older first), a seeder on every third, names the classifier places as TV. */
function item(n: number, overrides: Partial<IngestItem> = {}): IngestItem {
  return {
    infoHash: hashOf(n),
    infoHashV2: null,
    name: `Some.Show.S01E${String(n).padStart(3, '0')}.720p.HDTV.x264-GRP`,
    sizeBytes: 1_000_000 + n,
    isPrivate: false,
    files: [{ index: 0, path: `Some.Show.S01E${n}.mkv`, sizeBytes: 1_000_000 + n, extension: 'mkv', fileType: 'video' }],
    source: 'import',
    publishedAt: 1_000 + n,
    seeders: n % 3 === 0 ? 5 : null,
    leechers: null,
    ...overrides,
  }
}

/** 60 torrents; 1-6 carry each kind of protection (6 is wanted by the test's `isKept`), 7 only a rule's tag. */
function seededIndex() {
  const index = openTestIndex()
  const { db, torrents } = index
  const items = Array.from({ length: 60 }, (_, i) => item(i + 1))
  items[5] = item(6, { name: 'Dune Part Two 2024 1080p WEB-DL x264-GRP' })
  torrents.writer.writeBatch(items, NOW)
  const id = (n: number) =>
    db.sqlite.query<{ id: number }, [Uint8Array]>('SELECT id FROM torrents WHERE info_hash = ?').get(hexToBytes(hashOf(n)))!.id
  db.sqlite
    .prepare(
      `INSERT INTO evidence (info_hash, instance, client, event, type, result, occurred_at, received_at, payload)
       VALUES (?, 'sonarr', 'sonarr', 'Download', 'download', 'failed', 'x', 'x', '{}')`,
    )
    .run(hexToBytes(hashOf(1)))
  db.sqlite
    .prepare(
      `INSERT INTO ground_truth_labels (info_hash, content_type, seasons, episodes, labelled_by, labelled_at) VALUES (?, 'tv_show', '[]', '[]', 'op', 1)`,
    )
    .run(hexToBytes(hashOf(2)))
  db.sqlite.prepare('UPDATE torrents SET grabs = 1 WHERE id = ?').run(id(3))
  torrents.operator.putTags([hashOf(4)], ['keep-me'], false)
  db.sqlite.prepare("INSERT INTO torrent_tags (torrent_id, tag, by_rule) VALUES (?, 'by-a-rule', 1)").run(id(7))
  const isKept = (candidate: { name: string; contentType: string }) => candidate.name.startsWith('Dune Part Two')
  return { ...index, isKept }
}

function presentNumbers(db: ReturnType<typeof openTestIndex>['db']): number[] {
  return db.sqlite
    .query<{ info_hash: Uint8Array }, []>('SELECT info_hash FROM torrents')
    .all()
    .map((row) => Number.parseInt(Buffer.from(row.info_hash).toString('hex').slice(0, 8), 16))
    .sort((a, b) => a - b)
}

async function evictAll(
  evictBatch: (scan: EvictionScan, limit: number, isKept: (c: { name: string; contentType: string }) => boolean) => Promise<number>,
  isKept: (c: { name: string; contentType: string }) => boolean,
) {
  const scan = startEvictionScan()
  let total = 0
  for (;;) {
    const evicted = await evictBatch(scan, 7, isKept)
    total += evicted
    if (evicted === 0) break
  }
  return { scan, total }
}

describe('eviction', () => {
  test('takes torrents without known seeders first, oldest first, and skips every protected one', async () => {
    const { db, store, isKept } = seededIndex()
    const scan = startEvictionScan()
    expect(await store.maintenance.evictBatch(scan, 5, isKept)).toBe(5)
    // 1-6 are protected (3 and 6 have seeders anyway); 7 has only a rule's tag; 9 has seeders.
    const gone = Array.from({ length: 60 }, (_, i) => i + 1).filter((n) => !presentNumbers(db).includes(n))
    expect(gone).toEqual([5, 7, 8, 10, 11])
    db.close()
  })

  test('walks both tiers to the end, then says nothing is left; protected torrents survive', async () => {
    const { db, store, isKept } = seededIndex()
    const { scan, total } = await evictAll(store.maintenance.evictBatch, isKept)
    expect(scan.isExhausted).toBe(true)
    expect(presentNumbers(db)).toEqual([1, 2, 3, 4, 6])
    expect(total).toBe(55)
    db.close()
  })

  test('leaves counters, categories, full-text index, files and sources consistent', async () => {
    const { db, store, isKept } = seededIndex()
    await evictAll(store.maintenance.evictBatch, isKept)
    const one = <T>(sql: string) => db.sqlite.query<T, []>(sql).get()!
    const counted = one<{ n: number }>('SELECT sum(torrents) AS n FROM torrent_counts').n
    expect(counted).toBe(5)
    expect(db.sqlite.query('SELECT content_type, torrents FROM torrent_counts WHERE torrents > 0 ORDER BY 1').all()).toEqual(
      db.sqlite
        .query(
          `SELECT coalesce(c.content_type, 'unknown') AS content_type, count(*) AS torrents
           FROM torrents t LEFT JOIN torrent_classifications c ON c.torrent_id = t.id GROUP BY 1 ORDER BY 1`,
        )
        .all(),
    )
    const orphans = (table: string, column = 'torrent_id') =>
      one<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE ${column} NOT IN (SELECT id FROM torrents)`).n
    for (const table of ['torrent_files', 'torrent_sources', 'torrent_tags', 'torrent_classifications', 'torrent_categories'])
      expect({ table, orphans: orphans(table) }).toEqual({ table, orphans: 0 })
    const matched = db.sqlite.query<{ rowid: number }, []>("SELECT rowid FROM torrent_search WHERE torrent_search MATCH 'show'").all()
    const ids = new Set(
      db.sqlite
        .query<{ id: number }, []>('SELECT id FROM torrents')
        .all()
        .map((row) => row.id),
    )
    expect(matched.map((row) => row.rowid).every((rowid) => ids.has(rowid))).toBe(true)
    expect(matched.length).toBe(4)
    expect(one<{ integrity_check: string }>('PRAGMA integrity_check').integrity_check).toBe('ok')
    db.close()
  })

  test('empties the oldest window of torrents before the next one: seederless ones first, then the rest of it', async () => {
    const { db, store, torrents } = openTestIndex()
    const total = EVICTION_WINDOW + 2_000
    for (let start = 1; start <= total; start += 1_000)
      torrents.writer.writeBatch(
        Array.from({ length: 1_000 }, (_, i) => item(start + i, { seeders: (start + i) % 2 === 0 ? 3 : null })),
        NOW,
      )
    const scan = startEvictionScan()
    let evicted = 0
    while (evicted < EVICTION_WINDOW / 2 + 1_000) evicted += await store.maintenance.evictBatch(scan, 500, () => false)
    const left = presentNumbers(db)
    const gone = new Set(Array.from({ length: total }, (_, i) => i + 1).filter((n) => !left.includes(n)))
    // Every seederless torrent of the first window, then the oldest 1,000 with seeders in it; nothing later.
    const firstWindowOdd = Array.from({ length: EVICTION_WINDOW / 2 }, (_, i) => 2 * i + 1)
    expect(firstWindowOdd.every((n) => gone.has(n))).toBe(true)
    expect([...gone].filter((n) => n % 2 === 0).sort((a, b) => a - b)).toEqual(Array.from({ length: 1_000 }, (_, i) => 2 * (i + 1)))
    expect([...gone].some((n) => n > EVICTION_WINDOW)).toBe(false)
    db.close()
  })

  test('remembers evicted hashes compactly: the crawler skips them, an import still stores one', async () => {
    const { db, store, torrents, isKept } = seededIndex()
    await evictAll(store.maintenance.evictBatch, isKept)
    expect(db.sqlite.query<{ n: number }, []>('SELECT count(*) AS n FROM evicted_torrents').get()!.n).toBe(55)
    const known = await loadKnownHashes(await openKnownHashesReader(store.knownHashesSpec()), 1024)
    await known.catchUp()
    expect(await known.whichKnown([hexToBytes(hashOf(8)), hexToBytes(hashOf(1)), hexToBytes(hashOf(999))])).toEqual([true, true, false])
    await known.close()
    const outcome = torrents.writer.writeBatch([item(8)], NOW)
    expect(outcome.outcomes).toEqual(['imported'])
    expect(presentNumbers(db)).toContain(8)
    db.close()
  })
})
