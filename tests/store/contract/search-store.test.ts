/**
 * The search port's contract (src/search/store-port.ts): what every adapter's SearchStore keeps,
 * checked through the port on a reader opened from the store's spec. The fixture is written
 * through today's write path; the few rows it sets up beside torrents (tags, a label, a looked-up
 * work, a want) are the `setUp*` helpers below, one per kind, for an engine to write its own way.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { parseImportLine } from '../../../src/importer'
import { createIngestPipeline } from '../../../src/ingest'
import type { Candidate, FeedKey, MatchBlock, SearchStore, TextMatch } from '../../../src/search'
import { parseTextQuery, textQueryOf, tokenize } from '../../../src/search/text-query'
import { type CoreStore, openSearchReader, openStore, type SearchReader } from '../../../src/store'
import { hashOf, type ImportRecord } from '../../support/search-index'
import { type StoreAdapterUnderTest, describeStoreContract } from '../../support/store-contract'
import { pgOf, quietLog, sqliteOf, type TestTorrents, testTorrents } from '../../support/test-index'

const NOW = 1_790_000_000

/**
 * Shows and films with shared words, names in other scripts, several torrents per feed time (so
 * the id decides between them) and torrents listed under two requested categories (5000 and 5040).
 */
const RECORDS: ImportRecord[] = [
  ...Array.from({ length: 24 }, (_, i) => ({
    infoHash: hashOf(100 + i),
    name: `Common.Show.${i % 2 ? 'Again' : 'Over'}.S0${1 + (i % 3)}E0${1 + (i % 5)}.${i % 2 ? '720p.HDTV' : '1080p.WEB-DL'}.x264-GRP`,
    publishedAt: NOW - Math.floor(i / 3) * 600,
  })),
  ...['The.Zephyr.S01E01.720p.HDTV.x264-GRP', 'Zephyr.S01E02.1080p.WEB-DL.DDP5.1.H.264-NTb', 'The.Zephyr.S01.1080p.BluRay.x264-ROVERS'].map(
    (name, i) => ({ infoHash: hashOf(200 + i), name, publishedAt: NOW - 300 - i * 60 }),
  ),
  ...['Zephyr.Film.2019.1080p.BluRay.x264-GRP', 'Zephyr.Film.2019.720p.BluRay.x264-OTHER', 'The.Matrix.1999.1080p.BluRay.x264-GRP'].map(
    (name, i) => ({ infoHash: hashOf(300 + i), name, publishedAt: NOW - 900 }),
  ),
  { infoHash: hashOf(400), name: "Grey's.Anatomy.S19E01.1080p.WEB.h264-GOSSIP", publishedAt: NOW - 1_200 },
  { infoHash: hashOf(401), name: 'Amélie.2001.720p.BluRay.x264-CiNEFiLE', publishedAt: NOW - 1_300 },
  { infoHash: hashOf(402), name: '機動戦士ガンダム.1979.1080p.BluRay.x264-GRP', publishedAt: NOW - 1_400 },
  { infoHash: hashOf(403), name: 'Ελληνικά.Άλφα.2020.720p.WEB-DL-GRP', publishedAt: NOW - 1_500 },
  {
    infoHash: hashOf(404),
    name: 'The Complete Works of Shakespeare',
    files: [{ path: 'works/shakespeare.epub', size: 2_000_000 }],
    publishedAt: NOW - 1_600,
  },
]

interface IndexUnderTest {
  store: CoreStore
  reader: SearchReader
  torrents: TestTorrents
  idOf(infoHash: string): number
  /** Writes more records, their ids known to idOf after. */
  write(records: ImportRecord[]): Promise<void>
}

/** A statement for the fixture's setup on either engine (`?` placeholders, numbered for PostgreSQL). */
async function setUpWith(store: CoreStore, text: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  if (store.engine === 'sqlite')
    return sqliteOf(store)
      .sqlite.prepare(text)
      .all(...(params as never[])) as Record<string, unknown>[]
  let n = 0
  return (await pgOf(store).unsafe(
    text.replace(/\?/g, () => `$${++n}`),
    params,
  )) as Record<string, unknown>[]
}

/** A fresh index holding `records`, written through today's write path, and a search reader on it. */
async function openIndexOf(adapter: StoreAdapterUnderTest, records: ImportRecord[] = RECORDS): Promise<IndexUnderTest> {
  const store = await openStore(await adapter.freshConfig(), { log: quietLog })
  const torrents = testTorrents(store)
  const ids = new Map<string, number>()
  const writeAndLearnIds = async (more: ImportRecord[]) => {
    await write(torrents, more)
    for (const row of await setUpWith(store, 'SELECT id, info_hash FROM torrents'))
      ids.set(Buffer.from(row.info_hash as Uint8Array).toString('hex'), Number(row.id))
  }
  await writeAndLearnIds(records)
  const reader = await openSearchReader(store.searchReaderSpec({ cacheSizeMb: 2 }))
  return { store, reader, torrents, idOf: (infoHash) => ids.get(infoHash)!, write: writeAndLearnIds }
}

async function write(torrents: TestTorrents, records: ImportRecord[]): Promise<void> {
  const pipeline = createIngestPipeline({ writer: torrents.writer, batchSize: 500, flushIntervalMs: 60_000, log: quietLog })
  for (const record of records) {
    const parsed = parseImportLine(JSON.stringify({ size: 1_000_000, ...record }))
    if (!parsed.ok) throw new Error(`bad fixture ${record.name}: ${parsed.reason}`)
    await pipeline.submit(parsed.item)
  }
  await pipeline.flush()
}

async function setUpTags(index: IndexUnderTest, infoHash: string, tags: string[]): Promise<void> {
  for (const tag of tags)
    await setUpWith(index.store, 'INSERT INTO torrent_tags (torrent_id, tag) VALUES (?, ?)', [index.idOf(infoHash), tag])
}

/** An *arr's ground truth for a torrent (its ids), applied by re-classifying. */
async function setUpLabel(
  index: IndexUnderTest,
  infoHash: string,
  label: { contentType: string; title: string; imdb: string },
): Promise<void> {
  await setUpWith(
    index.store,
    `INSERT INTO ground_truth_labels (info_hash, content_type, title, seasons, episodes, imdb_id, labelled_by, labelled_at)
     VALUES (?, ?, ?, '[]', '[]', ?, 'radarr', 1)`,
    [Buffer.from(infoHash, 'hex'), label.contentType, label.title, label.imdb],
  )
  await index.torrents.reclassifier.run({})
}

/** The work the artwork enrichment resolved a title to (a movie here). */
async function setUpLookedUpWork(
  index: IndexUnderTest,
  work: { title: string; year: number; tmdb: number; imdb: string; poster: string },
): Promise<void> {
  await setUpWith(
    index.store,
    `INSERT INTO contents (content_type, tmdb_id, imdb_id, title, year, poster_path, poster_url, created_at, updated_at)
     VALUES ('movie', ?, ?, ?, ?, ?, ?, 1, 1)`,
    [work.tmdb, work.imdb, work.title, work.year, work.poster, `https://image.example/w500${work.poster}`],
  )
  await setUpWith(
    index.store,
    `INSERT INTO content_keys (content_type, title, year, status, content_id, newest_at)
     VALUES ('movie', lower(?), ?, 'resolved', (SELECT id FROM contents WHERE tmdb_id = ?), 1)`,
    [work.title, work.year, work.tmdb],
  )
}

async function setUpArtworkKey(index: IndexUnderTest, isSet: boolean): Promise<void> {
  await setUpWith(index.store, 'UPDATE enrichment_state SET artwork_enabled = ?', [isSet])
}

async function setUpWantMatching(index: IndexUnderTest, infoHash: string): Promise<void> {
  await setUpWith(index.store, "INSERT INTO wants (id, query, content_type) VALUES ('w-1', 'zephyr', 'movie')")
  await setUpWith(index.store, "INSERT INTO want_matches (want_id, torrent_id, matched_at) VALUES ('w-1', ?, 'x')", [index.idOf(infoHash)])
}

const textOf = (q: string, facts: string[][] = []): TextMatch => ({ text: parseTextQuery(q), facts })
const idsOf = (rows: { id: number }[]) => rows.map((row) => row.id)
const hashOfRow = (row: { info_hash: Uint8Array }) => Buffer.from(row.info_hash).toString('hex')
const namesOf = (rows: { name: string }[]) => rows.map((row) => row.name)

/** Every block of `size` from the newest, following nextBeforeId, concatenated. */
async function matchInBlocks(store: SearchStore, match: TextMatch, shape: 'full' | 'ranking', size: number) {
  const rows: { id: number; name: string }[] = []
  let beforeId: number | null = null
  do {
    const block: MatchBlock<{ id: number; name: string }> =
      shape === 'full' ? await store.matchBlock(match, shape, beforeId, size) : await store.matchBlock(match, shape, beforeId, size)
    expect(block.rows.length).toBeLessThanOrEqual(size)
    rows.push(...block.rows)
    beforeId = block.nextBeforeId
  } while (beforeId !== null)
  return rows
}

/** Every feed block of `size` after `after`, following next, concatenated. */
async function feedInBlocks(store: SearchStore, categories: number[] | null, size: number, after: FeedKey | null = null) {
  const keys: FeedKey[] = []
  let next = after
  do {
    const block = await store.feedBlock(categories, next, size)
    expect(block.keys.length).toBeLessThanOrEqual(size)
    keys.push(...block.keys)
    next = block.next
  } while (next !== null)
  return keys
}

/** The feed as it must come: the torrents of any of the categories, newest feed time first, then highest id, each once. */
async function expectedFeed(store: SearchStore, index: IndexUnderTest, categories: number[] | null): Promise<FeedKey[]> {
  const all = await store.candidates([...new Set(RECORDS.map((record) => index.idOf(record.infoHash)))])
  return all
    .filter((row) => categories === null || (JSON.parse(row.categories) as number[]).some((category) => categories.includes(category)))
    .map((row) => ({ id: row.id, published_at: row.published_at }))
    .sort((a, b) => b.published_at - a.published_at || b.id - a.id)
}

const MATCHES: [string, TextMatch, string[] | null][] = [
  ['a word', textOf('zephyr'), null],
  ['two words', textOf('common show'), null],
  ['a phrase', textOf('"show again"'), null],
  ['a prefix', textOf('zeph*'), null],
  ['another spelling', textOf('Greys Anatomy'), ["Grey's.Anatomy.S19E01.1080p.WEB.h264-GOSSIP"]],
  ['folded diacritics', textOf('amelie'), ['Amélie.2001.720p.BluRay.x264-CiNEFiLE']],
  [
    'a word and facts',
    textOf('zephyr', [
      ['c5030', 'c5040'],
      ['s1e1', 's1pack'],
    ]),
    ['The.Zephyr.S01.1080p.BluRay.x264-ROVERS', 'The.Zephyr.S01E01.720p.HDTV.x264-GRP'],
  ],
  ['facts alone', { text: null, facts: [['s2e3']] }, null],
]

describeStoreContract('SearchStore', (adapter) => {
  describe('matches', () => {
    let store: SearchReader
    beforeAll(async () => {
      store = (await openIndexOf(adapter)).reader
    })

    test.each(MATCHES)('%s: newest first, the same rows whatever the block size, in a snapshot or not', async (_, match, expected) => {
      const whole = (await store.matchBlock(match, 'full', null, 10_000)).rows
      expect(whole.length).toBeGreaterThan(0)
      if (expected) expect(namesOf(whole).sort()).toEqual([...expected].sort())
      expect(idsOf(whole)).toEqual(idsOf(whole).sort((a, b) => b - a))
      for (const size of [1, 2, 5]) {
        expect(idsOf(await matchInBlocks(store, match, 'full', size))).toEqual(idsOf(whole))
        expect(idsOf(await store.withSnapshot((snapshot) => matchInBlocks(snapshot, match, 'ranking', size)))).toEqual(idsOf(whole))
      }
      // From anywhere in the list: the matches below that id.
      const middle = Math.floor(whole.length / 2)
      const below = await store.matchBlock(match, 'ranking', whole[middle]!.id, 10_000)
      expect(idsOf(below.rows)).toEqual(idsOf(whole.slice(middle + 1)))
      expect(below.nextBeforeId).toBeNull()
      expect((await store.countMatches(match)).total).toBe(whole.length)
    })

    test('a word matches the name or the title, never the facts; operators typed are words', async () => {
      expect((await store.matchBlock(textOf('s1e1'), 'full', null, 100)).rows).toEqual([])
      expect((await store.matchBlock(textOf('c5040'), 'full', null, 100)).rows).toEqual([])
      expect((await store.matchBlock(textOf('zephyr OR matrix'), 'full', null, 100)).rows).toEqual([])
      expect((await store.countMatches(textOf('NOT "zephyr'))).total).toBe(0)
    })

    test('ranking rows carry what ranking reads, as the full rows have it', async () => {
      const full = (await store.matchBlock(textOf('zephyr'), 'full', null, 100)).rows
      const ranking = (await store.matchBlock(textOf('zephyr'), 'ranking', null, 100)).rows
      expect(ranking).toEqual(
        full.map(({ id, info_hash, name, published_at, evidence_score, confidence, title, wanted }) => ({
          id,
          info_hash,
          name,
          published_at,
          evidence_score,
          confidence,
          title,
          wanted,
        })),
      )
    })

    test('every match id newest first from the index alone, or null past the cap', async () => {
      const whole = idsOf((await store.matchBlock(textOf('zephyr'), 'full', null, 100)).rows)
      expect(whole).toHaveLength(5)
      expect(await store.matchIds(textOf('zephyr'), 5)).toEqual(whole)
      expect(await store.matchIds(textOf('zephyr'), 4)).toBeNull()
      expect(await store.matchIds(textOf('zephyr film'), 4)).toHaveLength(2)
      expect(await store.matchIds(textOf('nowhere'), 4)).toEqual([])
    })

    test("a word's share of the newest torrents", async () => {
      const total = new Set(RECORDS.map((record) => record.infoHash)).size
      const shares = await store.shareOfNewest(['common', 'zephyr', 'nowhere'], 5_000)
      expect(shares.get('common')).toBeCloseTo(24 / total, 6)
      expect(shares.get('zephyr')).toBeCloseTo(5 / total, 6)
      expect(shares.get('nowhere')).toBe(0)
      // The newest 10 ids only: the last ten records written hold no `common`.
      expect((await store.shareOfNewest(['common'], 10)).get('common')).toBe(0)
      const empty = await openIndexOf(adapter, [])
      expect((await empty.reader.shareOfNewest(['the'], 5_000)).get('the')).toBe(0)
    })

    test('the index holds each token of a name as the tokenizer makes it: diacritics, apostrophes, other scripts', async () => {
      for (const record of RECORDS.slice(-5)) {
        const tokens = tokenize(record.name)
        expect(tokens.length).toBeGreaterThan(0)
        for (const token of tokens) {
          const match: TextMatch = { text: textQueryOf([{ kind: 'word', token, isPrefix: false }]), facts: [] }
          const hashes = (await store.matchBlock(match, 'full', null, 1_000)).rows.map(hashOfRow)
          expect({ name: record.name, token, found: hashes.includes(record.infoHash) }).toEqual({ name: record.name, token, found: true })
        }
      }
    })
  })

  describe('feeds', () => {
    let index: IndexUnderTest
    let store: SearchReader
    beforeAll(async () => {
      index = await openIndexOf(adapter)
      store = index.reader
    })
    const cases: [string, number[] | null][] = [
      ['every torrent', null],
      ['one category', [2000]],
      ['categories a torrent is listed under twice', [5000, 5040]],
      ['categories with nothing in one', [2040, 7020, 6000]],
    ]

    test.each(cases)('%s: newest first, the id deciding a tie, each torrent once, whatever the block size', async (_, categories) => {
      const expected = await expectedFeed(store, index, categories)
      expect(expected.length).toBeGreaterThan(2)
      expect(new Set(expected.map((key) => key.published_at)).size).toBeLessThan(expected.length)
      for (const size of [1, 2, 3, 1_000]) {
        expect(await feedInBlocks(store, categories, size)).toEqual(expected)
        expect(await store.withSnapshot((snapshot) => feedInBlocks(snapshot, categories, size))).toEqual(expected)
      }
      // After any key: the rest.
      const middle = Math.floor(expected.length / 2)
      expect(await feedInBlocks(store, categories, 4, expected[middle]!)).toEqual(expected.slice(middle + 1))
      expect(await store.feedBlock(categories, expected.at(-1)!, 10)).toEqual({ keys: [], next: null })
    })

    test('counts of categories and content types', async () => {
      const all = await expectedFeed(store, index, null)
      expect(await store.countInCategories([5000, 5040])).toBe((await expectedFeed(store, index, [5000, 5040])).length)
      expect(await store.countInCategories([9999])).toBe(0)
      const rows = await store.candidates(all.map((key) => key.id))
      const ofType = (types: string[]) => rows.filter((row) => types.includes(row.content_type)).length
      expect(await store.countOfContentTypes(['tv_show'])).toBe(ofType(['tv_show']))
      expect(await store.countOfContentTypes(['movie', 'ebook'])).toBe(ofType(['movie', 'ebook']))
      expect(ofType(['movie'])).toBeGreaterThan(0)
      expect(await store.countInCategories(null)).toBe(rows.filter((row) => row.content_type !== 'unknown').length)
    })
  })

  describe('rows', () => {
    let index: IndexUnderTest
    let store: SearchReader
    const [matrix, zephyr, book] = [hashOf(302), hashOf(300), hashOf(404)]
    beforeAll(async () => {
      index = await openIndexOf(adapter)
      store = index.reader
      await setUpTags(index, book, ['reading', 'classic'])
      await setUpLabel(index, matrix, { contentType: 'movie', title: 'The Matrix', imdb: 'tt0133093' })
      await setUpLookedUpWork(index, { title: 'Zephyr Film', year: 2019, tmdb: 77, imdb: 'tt7777777', poster: '/zephyr.jpg' })
    })

    test('candidates in the order asked, unknown ids left out, columns as stored', async () => {
      const ids = [index.idOf(book), 999_999, index.idOf(matrix), index.idOf(zephyr)]
      const rows = await store.candidates(ids)
      expect(rows.map(hashOfRow)).toEqual([book, matrix, zephyr])
      const [row] = rows as [Candidate]
      expect(row.info_hash).toBeInstanceOf(Uint8Array)
      expect(row.info_hash).toHaveLength(20)
      expect(row).toMatchObject({ name: 'The Complete Works of Shakespeare', content_type: 'ebook', published_at: NOW - 1_600, wanted: 0 })
      expect((JSON.parse(row.categories) as number[]).sort()).toEqual([7000, 7020])
      expect(await store.candidates([])).toEqual([])
    })

    test('by info hash, newest first', async () => {
      expect((await store.withInfoHashes([book, 'ff'.repeat(20), zephyr])).map(hashOfRow)).toEqual([zephyr, book])
      expect(await store.withInfoHashes([])).toEqual([])
    })

    test('by external id: ground truth and looked-up works, latest indexed first, the looked-up ids merged in', async () => {
      expect(await store.externalIdMatches({ imdb: ['tt0133093'], tmdb: [], tvdb: [], tvmaze: [] })).toEqual([index.idOf(matrix)])
      const films = [hashOf(301), zephyr].map(index.idOf)
      expect(await store.externalIdMatches({ imdb: [], tmdb: [77], tvdb: [], tvmaze: [] })).toEqual(films)
      expect(await store.externalIdMatches({ imdb: ['tt7777777', 'tt0133093'], tmdb: [], tvdb: [], tvmaze: [] })).toEqual(
        [...films, index.idOf(matrix)].sort((a, b) => b - a),
      )
      expect(await store.externalIdMatches({ imdb: [], tmdb: [], tvdb: [], tvmaze: [] })).toEqual([])
      const [withWork, withLabel] = await store.candidatesWithLookedUpIds([index.idOf(zephyr), index.idOf(matrix)])
      expect(withWork).toMatchObject({ imdb_id: 'tt7777777', tmdb_id: 77 })
      expect((await store.candidates([index.idOf(zephyr)]))[0]).toMatchObject({ imdb_id: null, tmdb_id: null })
      expect(withLabel).toMatchObject({ imdb_id: 'tt0133093' })
    })

    test('the values beside a block of rows, only the kinds asked for', async () => {
      const ids = [index.idOf(book), index.idOf(zephyr)]
      const lookups = await store.rowLookups(ids, { tags: true, sources: true, fileTypes: true, works: true })
      expect(lookups.tags.get(index.idOf(book))?.sort()).toEqual(['classic', 'reading'])
      expect(lookups.tags.has(index.idOf(zephyr))).toBe(false)
      expect(lookups.sources.get(index.idOf(book))).toEqual(['import'])
      expect(lookups.fileTypes.get(index.idOf(book))).toEqual(['document'])
      expect(lookups.works.get(index.idOf(zephyr))).toEqual({
        contentType: 'movie',
        tmdb: 77,
        imdb: 'tt7777777',
        tvdb: null,
        title: 'Zephyr Film',
        year: 2019,
      })
      const tagsOnly = await store.rowLookups(ids, { tags: true })
      expect([tagsOnly.sources.size, tagsOnly.fileTypes.size, tagsOnly.works.size, tagsOnly.tags.size]).toEqual([0, 0, 0, 1])
    })

    test("a page's extras: tags in order, looked-up works, and whether artwork may be shown", async () => {
      const ids = [index.idOf(book), index.idOf(zephyr), index.idOf(matrix)]
      await setUpArtworkKey(index, false)
      const without = await store.pageExtras(ids)
      expect(without.tags.get(index.idOf(book))).toEqual(['classic', 'reading'])
      expect(without.contents.get(index.idOf(zephyr))).toMatchObject({ tmdbId: 77, title: 'Zephyr Film', posterPath: '/zephyr.jpg' })
      expect(without.contents.has(index.idOf(matrix))).toBe(false)
      expect(without.isArtworkEnabled).toBe(false)
      await setUpArtworkKey(index, true)
      expect((await store.pageExtras(ids)).isArtworkEnabled).toBe(true)
      const none = await store.pageExtras([])
      expect([none.tags.size, none.contents.size]).toEqual([0, 0])
    })

    test('a torrent a registered want matched is flagged in both row shapes', async () => {
      await setUpWantMatching(index, zephyr)
      const full = (await store.matchBlock(textOf('zephyr film'), 'full', null, 10)).rows
      const ranking = (await store.matchBlock(textOf('zephyr film'), 'ranking', null, 10)).rows
      for (const rows of [full, ranking])
        expect(rows.map((row) => [hashOfRow(row), row.wanted])).toEqual([
          [hashOf(301), 0],
          [zephyr, 1],
        ])
    })
  })

  describe('snapshots', () => {
    test('a search sees the index as it was when it began; the next one sees what was written meanwhile', async () => {
      const index = await openIndexOf(adapter)
      const store = index.reader
      const late = { infoHash: hashOf(900), name: 'Zephyr.Late.Arrival.2024.1080p.WEB-DL-GRP', publishedAt: NOW + 60 }
      const seen = await store.withSnapshot(async (snapshot) => {
        // Nothing is left open by this read: the snapshot alone keeps what the next reads see.
        const countBefore = await snapshot.countMatches(textOf('zephyr'))
        await index.write([late])
        const first = await snapshot.matchBlock(textOf('zephyr'), 'full', null, 2)
        const rest = await snapshot.matchBlock(textOf('zephyr'), 'full', first.nextBeforeId, 100)
        // Fresh reads inside the snapshot, a nested snapshot's included, see what it began with.
        const again = await snapshot.withSnapshot((nested) => nested.matchBlock(textOf('zephyr'), 'full', null, 100))
        const newest = (await snapshot.feedBlock(null, null, 1)).keys[0]
        return {
          countBefore,
          rows: [...first.rows, ...rest.rows],
          again: again.rows,
          newest,
          count: await snapshot.countMatches(textOf('zephyr')),
        }
      })
      expect(seen.countBefore.total).toBe(5)
      expect(namesOf(seen.rows)).not.toContain(late.name)
      expect(seen.rows).toHaveLength(5)
      expect(idsOf(seen.again)).toEqual(idsOf(seen.rows))
      expect(seen.count.total).toBe(5)
      expect(seen.newest?.id).not.toBe(index.idOf(late.infoHash))
      const after = await store.withSnapshot((snapshot) => snapshot.matchBlock(textOf('zephyr'), 'full', null, 100))
      expect(namesOf(after.rows)[0]).toBe(late.name)
      expect((await store.feedBlock(null, null, 1)).keys[0]?.id).toBe(index.idOf(late.infoHash))
    })

    test('a search that stops partway through its walks leaves none open: the next one sees what was written after it', async () => {
      const index = await openIndexOf(adapter)
      const store = index.reader
      await store.withSnapshot(async (snapshot) => {
        await snapshot.matchBlock(textOf('zephyr'), 'full', null, 2)
        await snapshot.matchBlock(textOf('zephyr'), 'ranking', null, 2)
        await snapshot.feedBlock(null, null, 1)
        await snapshot.feedBlock([2000, 5000], null, 1)
      })
      const late = { infoHash: hashOf(901), name: 'Zephyr.Later.Still.2024.1080p.WEB-DL-GRP', publishedAt: NOW + 120 }
      await index.write([late])
      const seen = await store.withSnapshot(async (snapshot) => ({
        full: await snapshot.matchBlock(textOf('zephyr'), 'full', null, 1),
        ranking: await snapshot.matchBlock(textOf('zephyr'), 'ranking', null, 1),
        feed: await snapshot.feedBlock(null, null, 1),
      }))
      expect(namesOf(seen.full.rows)).toEqual([late.name])
      expect(namesOf(seen.ranking.rows)).toEqual([late.name])
      expect(seen.feed.keys[0]?.id).toBe(index.idOf(late.infoHash))
    })

    test('searches started together each get their own snapshot, one after the other, with the same answers', async () => {
      const { reader } = await openIndexOf(adapter)
      const search = (match: TextMatch) => reader.withSnapshot((snapshot) => matchInBlocks(snapshot, match, 'full', 2))
      const alone = await Promise.all(MATCHES.map(([, match]) => search(match)))
      expect(await Promise.all(MATCHES.map(([, match]) => search(match)))).toEqual(alone)
    })

    test('a failing search ends its snapshot, and the reader goes on', async () => {
      const { reader } = await openIndexOf(adapter)
      await expect(
        reader.withSnapshot(async (snapshot) => {
          await snapshot.matchBlock(textOf('common'), 'full', null, 3)
          throw new Error('the search gave up')
        }),
      ).rejects.toThrow('the search gave up')
      expect(await reader.withSnapshot((snapshot) => matchInBlocks(snapshot, textOf('common'), 'full', 7))).toHaveLength(24)
    })
  })
})
