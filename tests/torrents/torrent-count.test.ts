/** The torrent counts the triggers of migration 0018 keep, against count(*) on a real index. */
import { describe, expect, test } from 'bun:test'
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Classification } from '../../src/classify'
import { openIndex } from '../../src/store/sqlite'
import type { DatabaseHandle } from '../../src/store/sqlite'
import { CORE_MIGRATIONS_DIR } from '../../src/store/sqlite-file'
import { parseImportLine } from '../../src/importer'
import { createSqliteTorrentCountsStore } from '../../src/store/sqlite/torrents/counts'
import { createTorrentCounts } from '../../src/torrents'
import { hashOf } from '../support/search-index'
import { makeTempDir } from '../support/temp-dir'
import { openTestIndex, quietLog } from '../support/test-index'

const MOVIE = 'The.Matrix.1999.1080p.BluRay.x264-GRP'
const EPISODE = 'Breaking.Bad.S01E02.720p.BluRay.x264-DEMAND'
const ALBUM = 'Pink Floyd - The Dark Side of the Moon (1973) [FLAC]'
const TRACKS = [1, 2, 3].map((track) => ({ path: `0${track} Track.flac`, size: 30_000_000 }))

function submit(
  pipeline: ReturnType<typeof openTestIndex>['pipeline'],
  n: number,
  name: string,
  source = 'import',
  files?: { path: string; size: number }[],
) {
  const parsed = parseImportLine(JSON.stringify({ infoHash: hashOf(n), name, size: 1_000_000, files }))
  if (!parsed.ok) throw new Error(parsed.reason)
  pipeline.submit({ ...parsed.item, source })
}

/** What the counters must say: counted the slow way. */
function countedByHand(db: DatabaseHandle): Record<string, number> {
  const rows = db.sqlite
    .query<{ type: string; n: number }, []>(
      `SELECT coalesce(c.content_type, 'unknown') AS type, count(*) AS n
       FROM torrents t LEFT JOIN torrent_classifications c ON c.torrent_id = t.id GROUP BY 1`,
    )
    .all()
  return Object.fromEntries(rows.map((row) => [row.type, row.n]))
}

const byType = async (counts: ReturnType<typeof createTorrentCounts>) =>
  Object.fromEntries((await counts.byContentType()).map((row) => [row.contentType, row.count]))

describe('createTorrentCounts', () => {
  test('counts torrents per content type right after an ingest commit', async () => {
    const { db, store, pipeline } = openTestIndex()
    const counts = createTorrentCounts(store.counts)
    expect(await counts.total()).toBe(0)
    expect(await counts.byContentType()).toEqual([])
    submit(pipeline, 1, MOVIE)
    submit(pipeline, 2, EPISODE)
    submit(pipeline, 3, 'Breaking.Bad.S01E03.720p.BluRay.x264-DEMAND')
    submit(pipeline, 4, ALBUM, 'import', TRACKS)
    await pipeline.flush()
    expect(await counts.total()).toBe(4)
    expect(await counts.byContentType()).toEqual([
      { contentType: 'tv_show', count: 2 },
      { contentType: 'movie', count: 1 },
      { contentType: 'music', count: 1 },
    ])
    expect(await byType(counts)).toEqual(countedByHand(db))
    // A torrent seen again is not counted twice.
    submit(pipeline, 1, MOVIE)
    await pipeline.flush()
    expect(await counts.total()).toBe(4)
  })

  test('follows deletes, reclassification and torrents without a classification', async () => {
    const { db, store, pipeline, torrents } = openTestIndex()
    const counts = createTorrentCounts(store.counts)
    for (let n = 1; n <= 5; n++) submit(pipeline, n, `Movie.Number.${n}.2019.1080p.BluRay.x264-GRP`)
    await pipeline.flush()
    expect(await byType(counts)).toEqual({ movie: 5 })

    await torrents.operator.deleteAndBlock([hashOf(1), hashOf(2)], 1)
    expect(await byType(counts)).toEqual({ movie: 3 })

    const id = db.sqlite.query<{ id: number }, []>('SELECT id FROM torrents ORDER BY id DESC LIMIT 1').get()!.id
    const stored = db.sqlite.query<{ classified_at: number }, [number]>(
      'SELECT classified_at FROM torrent_classifications WHERE torrent_id = ?',
    )
    const relabelled = { contentType: 'tv_show', categories: [5000], confidence: 0.9, status: 'pending', firedRules: [], tags: [] }
    const changed = await torrents.rerank.replaceIfUnchanged(
      id,
      stored.get(id)!.classified_at,
      {
        ...relabelled,
        parsed: emptyParse(),
        externalIds: { imdb: null, tmdb: null, tvdb: null, tvmaze: null },
      } as unknown as Classification,
      2,
    )
    expect(changed).toBe(true)
    expect(await byType(counts)).toEqual({ movie: 2, tv_show: 1 })

    // A row written around the classifier (an older build, a hand edit) counts as unknown until classified.
    db.sqlite.run(
      "INSERT INTO torrents (info_hash, name, size, published_at, first_seen_at, updated_at) VALUES (zeroblob(20), 'raw', 1, 1, 1, 1)",
    )
    expect(await byType(counts)).toEqual({ movie: 2, tv_show: 1, unknown: 1 })
    db.sqlite.run('DELETE FROM torrent_classifications WHERE torrent_id = ?', [id])
    expect(await byType(counts)).toEqual({ movie: 2, unknown: 2 })
    expect(await byType(counts)).toEqual(countedByHand(db))
    expect(await counts.total()).toBe(4)

    // Re-running the rules puts every torrent back where they say; the counts follow.
    await torrents.reclassifier.run({})
    expect(await byType(counts)).toEqual(countedByHand(db))
    expect(await counts.total()).toBe(4)
  })

  test('a database migrated from before the counts starts with the counts of its rows (backfill)', async () => {
    const dir = join(makeTempDir(), 'migrations-0017')
    mkdirSync(dir)
    for (const file of readdirSync(CORE_MIGRATIONS_DIR).filter((name) => name < '0018'))
      copyFileSync(join(CORE_MIGRATIONS_DIR, file), join(dir, file))
    const path = join(makeTempDir(), 'old.db')
    const old = openIndex(path, quietLog, dir)
    const insert = old.sqlite.prepare(
      "INSERT INTO torrents (info_hash, name, size, published_at, first_seen_at, updated_at) VALUES (?, 'x', 1, 1, 1, 1)",
    )
    const classify = old.sqlite.prepare(
      `INSERT INTO torrent_classifications (torrent_id, content_type, categories, confidence, status, fired_rules, seasons,
         episodes, modifiers, hdr, audio_codecs, languages, editions, classified_at)
       VALUES (?, ?, '[]', 1, 'pending', '[]', '[]', '[]', '[]', '[]', '[]', '[]', '[]', 1)`,
    )
    for (let n = 1; n <= 30; n++) {
      const id = Number(insert.run(Buffer.from(hashOf(n), 'hex')).lastInsertRowid)
      if (n % 10 !== 0) classify.run(id, n % 3 === 0 ? 'movie' : 'tv_show')
    }
    old.sqlite.run(
      "INSERT INTO evidence (instance, client, event, type, result, occurred_at, received_at, payload) VALUES ('s', 'sonarr', 'Grab', 'grab', 'success', 'x', 'x', '{}')",
    )
    old.close()

    const db = openIndex(path, quietLog)
    const counts = createTorrentCounts(createSqliteTorrentCountsStore(db))
    expect(await byType(counts)).toEqual({ tv_show: 18, movie: 9, unknown: 3 })
    expect(await byType(counts)).toEqual(countedByHand(db))
    expect(await counts.total()).toBe(30)
    expect(db.sqlite.query('SELECT reports FROM evidence_count').get()).toEqual({ reports: 1 })
    db.close()
  })

  test('a database that cannot be read gives a null total, not an exception', async () => {
    const { db, store } = openTestIndex()
    const counts = createTorrentCounts(store.counts)
    db.close()
    expect(await counts.total()).toBeNull()
  })
})

describe('TorrentCountsStore.lastCrawledAt', () => {
  test('is the first sighting of the newest crawled torrent, read through the partial index', async () => {
    const { db, store, pipeline } = openTestIndex()
    expect(await store.counts.lastCrawledAt()).toBeNull()
    submit(pipeline, 1, MOVIE, 'import')
    await pipeline.flush()
    expect(await store.counts.lastCrawledAt()).toBeNull()
    submit(pipeline, 2, EPISODE, 'dht')
    await pipeline.flush()
    const now = Math.floor(Date.now() / 1000)
    expect(await store.counts.lastCrawledAt()).toBeGreaterThanOrEqual(now - 5)
    const plan = db.sqlite
      .query<{ detail: string }, []>('EXPLAIN QUERY PLAN SELECT max(published_at) AS at FROM torrent_sources WHERE source_id = 1')
      .all()
      .map((row) => row.detail)
      .join(' ')
    expect(plan).toContain('torrent_sources_dht_published')
    expect(plan).not.toContain('SCAN')
  })
})

function emptyParse() {
  return {
    title: null,
    year: null,
    seasons: [],
    episodes: [],
    airDate: null,
    resolution: null,
    source: null,
    modifiers: [],
    videoCodec: null,
    video3d: null,
    hdr: [],
    audioCodecs: [],
    audioChannels: null,
    languages: [],
    releaseGroup: null,
    editions: [],
  }
}
