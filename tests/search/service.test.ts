import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createClassificationRows } from '../../src/store/sqlite/ingest/classification-rows'
import { hasAnyLabel } from '../../src/store/pg/torrents/labels'
import { scoreRelevance } from '../../src/search/relevance'
import { parseTextQuery } from '../../src/search/text-query'
import { createSearchService, SearchTimeoutError, type SearchQuery, type SearchService, type SearchStore } from '../../src/search'
import type { CoreStore } from '../../src/store'
import { describeOnEngines } from '../support/engines'
import { defaultWeights, hashOf, openSearchIndex, type ImportRecord, type SearchIndex } from '../support/search-index'
import { closeSuiteResources } from '../support/suite-resources'
import { pgOf, sqliteOf } from '../support/test-index'

const DAY = 86_400
const NOW = 1_790_000_000

const releases: ImportRecord[] = [
  { infoHash: hashOf(1), name: 'Dune.2021.1080p.BluRay.x264-GRP', publishedAt: NOW - 40 * DAY },
  { infoHash: hashOf(2), name: 'Dune.Part.Two.2024.2160p.WEB-DL.DV.HDR10.DDP5.1.Atmos.H.265-FLUX', publishedAt: NOW - 10 * DAY },
  { infoHash: hashOf(3), name: 'Breaking.Bad.S01E02.720p.BluRay.x264-DEMAND', publishedAt: NOW - 30 * DAY },
  { infoHash: hashOf(4), name: 'Breaking.Bad.S01.1080p.BluRay.x264-ROVERS', publishedAt: NOW - 20 * DAY },
  { infoHash: hashOf(5), name: 'Breaking.Bad.S02E02.720p.HDTV.x264-ORENJI', publishedAt: NOW - 5 * DAY },
  { infoHash: hashOf(6), name: 'The.Daily.Show.2026.11.22.720p.WEB.h264-EDITH', publishedAt: NOW - 1 * DAY },
  { infoHash: hashOf(7), name: 'Amélie.2001.720p.BluRay.x264-CiNEFiLE', publishedAt: NOW - 50 * DAY },
  { infoHash: hashOf(8), name: 'Planet.Earth.S00E05.Special.1080p.BluRay.x264-GRP', publishedAt: NOW - 2 * DAY },
  { infoHash: hashOf(9), name: 'Spider-Man.No.Way.Home.2021.1080p.WEB-DL.x264-EVO', publishedAt: NOW - 3 * DAY },
  {
    infoHash: hashOf(10),
    name: 'The Complete Works of Shakespeare',
    size: 2_000_000,
    files: [{ path: 'works/shakespeare.epub', size: 2_000_000 }],
    publishedAt: NOW - 4 * DAY,
  },
  { infoHash: hashOf(11), name: 'Le.Grand.Bleu.1988.FRENCH.1080p.BluRay.x264-GRP', publishedAt: NOW - 60 * DAY },
]

const query = (overrides: Partial<SearchQuery>): SearchQuery => ({ text: null, categories: null, limit: 50, offset: 0, ...overrides })
const names = (result: { items: { name: string }[] }) => result.items.map((item) => item.name)

/** The answer of the index's own any-label probe, the one its writers ask before looking a torrent's label up. */
const storeHasAnyLabel = (store: CoreStore): Promise<boolean> | boolean =>
  store.engine === 'sqlite' ? createClassificationRows(sqliteOf(store)).hasAnyLabel() : hasAnyLabel(pgOf(store))

describeOnEngines('search service', (engine) => {
  // Each part closes its indexes when it ends: on PostgreSQL the suite's would otherwise hold a
  // cluster's worth of connections until the last part.
  describe('search', () => {
    afterAll(closeSuiteResources)
    let index: SearchIndex
    beforeAll(async () => {
      index = await openSearchIndex(releases, { nowMs: () => NOW * 1000 }, engine)
    })
    const search = (searched: SearchQuery) => index.search.search(searched)

    test('matches words across . _ - separators, folding case and diacritics', async () => {
      expect(names(await search(query({ text: 'amelie' })))).toEqual(['Amélie.2001.720p.BluRay.x264-CiNEFiLE'])
      expect(names(await search(query({ text: 'SPIDER man' })))).toEqual(['Spider-Man.No.Way.Home.2021.1080p.WEB-DL.x264-EVO'])
      expect((await search(query({ text: 'breaking bad' }))).total).toBe(3)
    })

    test('supports prefix queries and quoted phrases', async () => {
      expect(names(await search(query({ text: 'shakesp*' })))).toEqual(['The Complete Works of Shakespeare'])
      expect((await search(query({ text: '"bad breaking"' }))).total).toBe(0)
      expect((await search(query({ text: '"breaking bad" s01e02' }))).total).toBe(1)
    })

    test('treats FTS operators, quotes and NUL as plain text', async () => {
      for (const text of [
        'dune OR breaking',
        'NOT dune',
        'dune*^',
        '"unclosed',
        "it's",
        'NEAR(dune bad)',
        'a:b',
        'dune\u0000',
        '(((',
        '*',
      ]) {
        await expect(search(query({ text }))).resolves.toBeDefined()
      }
      expect((await search(query({ text: 'dune OR breaking' }))).total).toBe(0)
      // Nothing searchable left: the newest-first feed, as for an empty q.
      expect((await search(query({ text: '***' }))).total).toBe(11)
    })

    test('ranks the release whose title the query names whole above longer titles', async () => {
      expect(names(await search(query({ text: 'dune' })))[0]).toBe('Dune.2021.1080p.BluRay.x264-GRP')
    })

    test('filters by category, a parent matching its sub-categories', async () => {
      const tv = await search(query({ categories: [5000] }))
      expect(tv.items.every((item) => item.categories.includes(5000))).toBe(true)
      expect(tv.total).toBe(5)
      const hd = names(await search(query({ categories: [5040] })))
      expect(hd).toContain('Breaking.Bad.S01.1080p.BluRay.x264-ROVERS')
      expect(hd).not.toContain('Dune.2021.1080p.BluRay.x264-GRP')
      expect((await search(query({ categories: [9999] }))).total).toBe(0)
      expect(names(await search(query({ categories: [7020] })))).toEqual(['The Complete Works of Shakespeare'])
    })

    test('finds an episode and the season packs that hold it', async () => {
      const result = names(await search(query({ text: 'breaking bad', episodes: { kind: 'season', season: 1, episode: 2 } })))
      expect(result.sort()).toEqual(['Breaking.Bad.S01.1080p.BluRay.x264-ROVERS', 'Breaking.Bad.S01E02.720p.BluRay.x264-DEMAND'])
      expect(names(await search(query({ episodes: { kind: 'season', season: 0, episode: 5 } })))).toEqual([
        'Planet.Earth.S00E05.Special.1080p.BluRay.x264-GRP',
      ])
      expect(names(await search(query({ episodes: { kind: 'airDate', date: '2026-11-22' } })))).toEqual([
        'The.Daily.Show.2026.11.22.720p.WEB.h264-EDITH',
      ])
      expect(names(await search(query({ episodes: { kind: 'airYear', year: 2026 } })))).toEqual([
        'The.Daily.Show.2026.11.22.720p.WEB.h264-EDITH',
      ])
    })

    test('feeds without text are newest first and page without overlap', async () => {
      const all = await search(query({ limit: 100 }))
      const times = all.items.map((item) => item.publishedAt)
      expect(times).toEqual([...times].sort((a, b) => b - a))
      const first = await search(query({ limit: 4 }))
      const second = await search(query({ limit: 4, offset: 4 }))
      expect(first.hasNextPage).toBe(true)
      expect([...names(first), ...names(second)]).toEqual(names(all).slice(0, 8))
      expect((await search(query({ offset: 500 }))).items).toEqual([])
      // A huge offset answers at once instead of walking to it: a step per skipped row would take
      // hours, so a bound far above any machine's load still tells the two apart.
      const started = performance.now()
      expect((await search(query({ offset: 99_999_999_999 }))).items).toEqual([])
      expect((await search(query({ offset: 99_999_999_999, text: 'x264', categories: [5000] }))).items).toEqual([])
      expect(performance.now() - started).toBeLessThan(10_000)
    })

    test('a page past the scan cap counts what there is, not the offset asked for (issue 30.8)', async () => {
      const total = (await search(query({ countTotal: true }))).total
      expect(total).toBeGreaterThan(5)
      for (const deep of [query({ offset: 100_000, countTotal: true }), query({ offset: 100_000 })])
        expect(await search(deep)).toMatchObject({ items: [], total, totalIsEstimate: false, hasNextPage: false })
      const x264 = (await search(query({ text: 'x264', countTotal: true }))).total
      expect((await search(query({ text: 'x264', offset: 100_000, countTotal: true }))).total).toBe(x264)
    })

    test('a text query pages in one stable order', async () => {
      const whole = names(await search(query({ text: 'x264', limit: 100 })))
      const paged = (
        await Promise.all([0, 2, 4, 6].map(async (offset) => names(await search(query({ text: 'x264', limit: 2, offset })))))
      ).flat()
      expect(paged).toEqual(whole.slice(0, 8))
    })

    test('filters by year, resolution, source, language, size and publish time', async () => {
      expect(names(await search(query({ year: 2001 })))).toEqual(['Amélie.2001.720p.BluRay.x264-CiNEFiLE'])
      expect((await search(query({ resolutions: ['v2160p'] }))).total).toBe(1)
      expect((await search(query({ sources: ['tv'], text: 'breaking' }))).total).toBe(1)
      expect((await search(query({ minSizeBytes: 1_500_000 }))).total).toBe(1)
      expect((await search(query({ maxSizeBytes: 1_500_000 }))).total).toBe(10)
      expect((await search(query({ publishedSince: NOW - 3 * DAY }))).total).toBe(3)
      expect(names(await search(query({ languages: ['fr'] })))).toEqual(['Le.Grand.Bleu.1988.FRENCH.1080p.BluRay.x264-GRP'])
    })

    test('finds torrents by external id once ground truth gives them one, and nothing otherwise', async () => {
      expect((await search(query({ externalIds: { imdb: ['tt0903747'], tmdb: [], tvdb: [81189], tvmaze: [] } }))).total).toBe(0)
      await index.sql.run(
        `INSERT INTO ground_truth_labels (info_hash, content_type, title, seasons, episodes, imdb_id, tvdb_id, labelled_by, labelled_at)
       VALUES (?, 'tv_show', 'Breaking Bad', '[1]', '[2]', 'tt0903747', 81189, 'sonarr', 1)`,
        [Buffer.from(hashOf(3), 'hex')],
      )
      await index.torrents.reclassifier.run({})
      const byTvdb = await search(
        query({ externalIds: { imdb: [], tmdb: [], tvdb: [81189], tvmaze: [] }, episodes: { kind: 'season', season: 1, episode: 2 } }),
      )
      expect(names(byTvdb)).toEqual(['Breaking.Bad.S01E02.720p.BluRay.x264-DEMAND'])
      expect(
        (
          await search(
            query({
              externalIds: { imdb: ['tt0903747'], tmdb: [], tvdb: [], tvmaze: [] },
              episodes: { kind: 'season', season: 3, episode: 1 },
            }),
          )
        ).total,
      ).toBe(0)
      expect(await storeHasAnyLabel(index.store)).toBe(true)
    })

    test('keeps the full-text index and category keys in step with deletes', async () => {
      const target = (await search(query({ text: 'spider' }))).items[0]!
      await index.sql.run('DELETE FROM torrents WHERE id = ?', [target.id])
      expect((await search(query({ text: 'spider' }))).total).toBe(0)
      expect(names(await search(query({ categories: [2000], limit: 100 })))).not.toContain(target.name)
      const orphans = await index.sql.get<{ n: number | string }>('SELECT count(*) AS n FROM torrent_categories WHERE torrent_id = ?', [
        target.id,
      ])
      expect(Number(orphans!.n)).toBe(0)
    })
  })

  describe('wanted torrents', () => {
    afterAll(closeSuiteResources)
    // Two releases the same in all but group and hash: the same score for "heat 1995".
    const twins: ImportRecord[] = [
      { infoHash: hashOf(0xa1), name: 'Heat.1995.1080p.BluRay.x264-AAA', publishedAt: NOW - DAY },
      { infoHash: hashOf(0xb2), name: 'Heat.1995.1080p.BluRay.x264-BBB', publishedAt: NOW - DAY },
    ]
    let index: SearchIndex
    beforeAll(async () => {
      index = await openSearchIndex(twins, { nowMs: () => NOW * 1000 }, engine)
    })
    const matchWant = (wantId: string, infoHash: string) =>
      index.sql.run("INSERT INTO want_matches (want_id, torrent_id, matched_at) SELECT ?, id, 'x' FROM torrents WHERE info_hash = ?", [
        wantId,
        Buffer.from(infoHash, 'hex'),
      ])

    test('rank above otherwise equal results while their want is registered', async () => {
      const heat = async () => names(await index.search.search(query({ text: 'heat 1995' })))
      expect(await heat()).toEqual(['Heat.1995.1080p.BluRay.x264-AAA', 'Heat.1995.1080p.BluRay.x264-BBB'])
      await matchWant('w-bbb', hashOf(0xb2))
      // Matched, but its want is not (or no longer) registered: the info hash still decides.
      expect(await heat()).toEqual(['Heat.1995.1080p.BluRay.x264-AAA', 'Heat.1995.1080p.BluRay.x264-BBB'])
      await index.sql.run("INSERT INTO wants (id, query, content_type) VALUES ('w-bbb', 'heat bbb', 'movie')")
      expect(await heat()).toEqual(['Heat.1995.1080p.BluRay.x264-BBB', 'Heat.1995.1080p.BluRay.x264-AAA'])
      // An explicit order breaks its ties the same way.
      const bySize = await index.search.search(query({ text: 'heat', orderBy: [{ field: 'size', descending: true }] }))
      expect(names(bySize)).toEqual(['Heat.1995.1080p.BluRay.x264-BBB', 'Heat.1995.1080p.BluRay.x264-AAA'])
      await index.sql.run('DELETE FROM wants')
      expect(await heat()).toEqual(['Heat.1995.1080p.BluRay.x264-AAA', 'Heat.1995.1080p.BluRay.x264-BBB'])
    })

    test('do not outrank a better score (here, a fresher release)', async () => {
      const older = await openSearchIndex(
        [
          { infoHash: hashOf(0xa1), name: 'Heat.1995.1080p.BluRay.x264-AAA', publishedAt: NOW - DAY },
          { infoHash: hashOf(0xb2), name: 'Heat.1995.1080p.BluRay.x264-BBB', publishedAt: NOW - 400 * DAY },
        ],
        { nowMs: () => NOW * 1000 },
        engine,
      )
      await older.sql.run("INSERT INTO wants (id, query, content_type) VALUES ('w-bbb', 'heat bbb', 'movie')")
      await older.sql.run(
        "INSERT INTO want_matches (want_id, torrent_id, matched_at) SELECT 'w-bbb', id, 'x' FROM torrents WHERE name LIKE '%BBB'",
      )
      expect(names(await older.search.search(query({ text: 'heat 1995' })))).toEqual([
        'Heat.1995.1080p.BluRay.x264-AAA',
        'Heat.1995.1080p.BluRay.x264-BBB',
      ])
    })
  })

  describe('counts and facets', () => {
    afterAll(closeSuiteResources)
    let index: SearchIndex
    beforeAll(async () => {
      index = await openSearchIndex(releases, { nowMs: () => NOW * 1000 }, engine)
    })

    test('counts every match exactly when the census reads them all', async () => {
      const result = await index.search.search(query({ text: 'breaking bad', limit: 1, countTotal: true }))
      expect(result.items).toHaveLength(1)
      expect(result).toMatchObject({ total: 3, totalIsEstimate: false, hasNextPage: true })
      expect((await index.search.search(query({ categories: [5000], limit: 1, countTotal: true }))).total).toBe(5)
    })

    test('counts facets in one pass, with limit 0 still counting', async () => {
      const result = await index.search.search(
        query({ limit: 0, facets: ['contentType', 'videoResolution', 'language', 'torrentFileType', 'torrentSource', 'releaseYear'] }),
      )
      expect(result.items).toEqual([])
      const facets = result.facets!
      expect(facets.contentType).toContainEqual({ value: 'tv_show', count: 5, isEstimate: false })
      expect(facets.contentType).toContainEqual({ value: 'ebook', count: 1, isEstimate: false })
      expect(facets.videoResolution!.find((entry) => entry.value === 'v1080p')!.count).toBe(5)
      expect(facets.language).toEqual([{ value: 'fr', count: 1, isEstimate: false }])
      expect(facets.torrentFileType).toEqual([{ value: 'document', count: 1, isEstimate: false }])
      expect(facets.torrentSource).toEqual([{ value: 'import', count: 11, isEstimate: false }])
      expect(facets.releaseYear!.map((entry) => entry.value)).toContain('2001')
    })

    test('past the census size, counts are estimates and say so', async () => {
      const sampled = await openSearchIndex(releases, { censusSize: 4 }, engine)
      const result = await sampled.search.search(query({ text: 'x264', countTotal: true, facets: ['contentType'] }))
      const exact = (await index.search.search(query({ text: 'x264', countTotal: true }))).total
      expect(result.totalIsEstimate).toBe(true)
      expect(result.total).toBe(exact)
      expect(result.facets!.contentType!.every((entry) => entry.isEstimate)).toBe(true)
      expect(result.facets!.contentType!.reduce((sum, entry) => sum + entry.count, 0)).toBe(exact)
    })

    test('a count budget reads at most that many rows: past it, counts are estimates and say so; within it, exact', async () => {
      const exact = await index.search.search(query({ text: 'x264', countTotal: true, facets: ['contentType'] }))
      expect(exact.totalIsEstimate).toBe(false)
      const budgeted = await index.search.search(query({ text: 'x264', countTotal: true, facets: ['contentType'], countBudget: 3 }))
      expect(budgeted.totalIsEstimate).toBe(true)
      expect(budgeted.total).toBe(exact.total)
      expect(budgeted.facets!.contentType!.every((entry) => entry.isEstimate)).toBe(true)
      // A filter the rows are read for: 3 read, the share that passed scaled to the text's matches.
      const filtered = await index.search.search(query({ text: 'x264', countTotal: true, resolutions: ['v720p'], countBudget: 3 }))
      expect(filtered.totalIsEstimate).toBe(true)
      const wide = await index.search.search(query({ text: 'x264', countTotal: true, facets: ['contentType'], countBudget: 1000 }))
      expect(wide).toMatchObject({ total: exact.total, totalIsEstimate: false })
      expect(wide.facets).toEqual(exact.facets)
    })

    test('a count budget bounds the rows a sort reads too: the order is over the matches read', async () => {
      const bySize = [{ field: 'size' as const, descending: true }]
      const sized = await openSearchIndex(
        Array.from({ length: 12 }, (_, i) => ({
          infoHash: hashOf(9000 + i),
          name: `Numbat.Trails.S01E${String(i + 1).padStart(2, '0')}.1080p.WEB-DL.x264-GRP`,
          size: (i % 2 === 0 ? 12 - i : i) * 1_000_000,
        })),
        {},
        engine,
      )
      const all = await sized.search.search(query({ text: 'numbat', orderBy: bySize, countTotal: true }))
      expect(all.items.map((item) => item.sizeBytes)).toEqual([...all.items.map((item) => item.sizeBytes)].sort((a, b) => b - a))
      expect(all).toMatchObject({ total: 12, totalIsEstimate: false })
      // Four rows read, the last four added: those four, largest first, and the total scaled from them.
      const budgeted = await sized.search.search(query({ text: 'numbat', orderBy: bySize, countTotal: true, countBudget: 4 }))
      expect(budgeted.items.map((item) => item.infoHash).sort()).toEqual([9008, 9009, 9010, 9011].map(hashOf))
      expect(budgeted.items.map((item) => item.sizeBytes)).toEqual([...budgeted.items.map((item) => item.sizeBytes)].sort((a, b) => b - a))
      // Without a row filter the index counts every match; with one, the census read is scaled.
      expect(budgeted).toMatchObject({ total: 12, totalIsEstimate: false, hasNextPage: false })
      const filtered = await sized.search.search(
        query({ text: 'numbat', resolutions: ['v1080p'], orderBy: bySize, countTotal: true, countBudget: 4 }),
      )
      expect(filtered.items.map((item) => item.infoHash).sort()).toEqual([9008, 9009, 9010, 9011].map(hashOf))
      expect(filtered).toMatchObject({ total: 12, totalIsEstimate: true, hasNextPage: false })
    })
  })

  describe('rare text with categories', () => {
    afterAll(closeSuiteResources)
    // Rare text is matched alone and its rows checked for the categories; commoner text intersects
    // the category tokens in FTS5. Both must give the same page, in the same order, on every page.
    const shows = ['Alpha', 'Bravo', 'Charlie'].flatMap((title, t) =>
      Array.from({ length: 30 }, (_, i) => ({
        infoHash: hashOf(5000 + t * 100 + i),
        name: `${title}.Show.S0${1 + (i % 3)}E${String(1 + (i % 10)).padStart(2, '0')}.${i % 2 ? '720p.HDTV' : '1080p.WEB-DL'}.x264-GRP`,
        publishedAt: NOW - (t * 30 + i) * 3600,
      })),
    )
    const films = Array.from({ length: 20 }, (_, i) => ({
      infoHash: hashOf(6000 + i),
      name: `Alpha.Show.${1990 + i}.1080p.BluRay.x264-GRP`,
      publishedAt: NOW - i * 7200,
    }))
    const records = [...shows, ...films]
    let textAlone: SearchIndex
    let tokensOnly: SearchIndex
    beforeAll(async () => {
      textAlone = await openSearchIndex(records, { nowMs: () => NOW * 1000 }, engine)
      tokensOnly = await openSearchIndex(records, { nowMs: () => NOW * 1000, textAloneMatches: 0 }, engine)
    })
    const cases: Partial<SearchQuery>[] = [
      { text: 'alpha show', categories: [5030, 5040] },
      { text: 'alpha', categories: [2000] },
      { text: 'alpha show', categories: [5000], episodes: { kind: 'season', season: 2, episode: null } },
      { text: 'bravo', categories: [5030, 5040], episodes: { kind: 'season', season: 1, episode: 4 } },
      { text: 'x264', categories: [5040] },
      { text: 'charlie', categories: [2000] },
    ]

    test('gives the same items in the same order as the category tokens, page after page', async () => {
      for (const wanted of cases) {
        const all = names(await tokensOnly.search.search(query({ ...wanted, limit: 100 })))
        expect(names(await textAlone.search.search(query({ ...wanted, limit: 100 })))).toEqual(all)
        const paged = (
          await Promise.all(
            [0, 7, 14, 21, 28, 35, 42, 49].map(async (offset) =>
              names(await textAlone.search.search(query({ ...wanted, limit: 7, offset }))),
            ),
          )
        ).flat()
        expect(paged).toEqual(all.slice(0, 56))
      }
      // The cases are not vacuous: the categories select some of the text's matches, or none.
      expect(names(await textAlone.search.search(query({ text: 'alpha show', categories: [5030, 5040] }))).length).toBe(30)
      expect(
        names(await textAlone.search.search(query({ text: 'alpha', categories: [2000] }))).every((name) => /\.(19|20)\d\d\./.test(name)),
      ).toBe(true)
      expect((await textAlone.search.search(query({ text: 'charlie', categories: [2000] }))).total).toBe(0)
    })
  })

  describe('non-Latin scripts', () => {
    afterAll(closeSuiteResources)
    // The query is folded as the index folds names: kana keep their voicing mark, Hangul stays whole.
    let index: SearchIndex
    beforeAll(async () => {
      index = await openSearchIndex(
        [
          { infoHash: hashOf(0x51), name: '機動戦士ガンダム.1979.1080p.BluRay.x264-GRP', publishedAt: NOW - DAY },
          { infoHash: hashOf(0x52), name: '한국.드라마.S01E01.1080p.WEB-DL.H.264-GRP', publishedAt: NOW - DAY },
          { infoHash: hashOf(0x53), name: 'हिन्दी.फ़िल्म.2019.720p.WEB-DL.x264-GRP', publishedAt: NOW - DAY },
        ],
        { nowMs: () => NOW * 1000 },
        engine,
      )
    })

    test('a release is found by the words of its own name', async () => {
      expect(names(await index.search.search(query({ text: '機動戦士ガンダム' })))).toEqual(['機動戦士ガンダム.1979.1080p.BluRay.x264-GRP'])
      expect(names(await index.search.search(query({ text: '한국 드라마' })))).toEqual(['한국.드라마.S01E01.1080p.WEB-DL.H.264-GRP'])
      expect(names(await index.search.search(query({ text: 'हिन्दी फ़िल्म' })))).toEqual(['हिन्दी.फ़िल्म.2019.720p.WEB-DL.x264-GRP'])
      expect((await index.search.search(query({ text: '機動戦士カンタム' }))).total).toBe(0)
      // Japanese is written without spaces: a name's run is one token, and a query word is its start.
      expect(names(await index.search.search(query({ text: '機動戦士' })))).toEqual(['機動戦士ガンダム.1979.1080p.BluRay.x264-GRP'])
    })
  })

  describe('common words checked on rows', () => {
    afterAll(closeSuiteResources)
    // `the` is in most names here and `zephyr` in a few: a query naming both with an episode or a
    // category matches `zephyr` and the facts in the index and checks `the` (and the categories) on
    // those rows. Same pages as the index's own intersection, whichever releases lack the word.
    const filler = Array.from({ length: 800 }, (_, i) => ({
      infoHash: hashOf(10_000 + i),
      name: `The.Common.Show.${i % 2 ? 'Again' : 'Over'}.S01E0${1 + (i % 5)}.720p.HDTV.x264-GRP`,
      publishedAt: NOW - i * 600,
    }))
    const zephyr = [
      'The.Zephyr.S01E01.720p.HDTV.x264-GRP',
      'Zephyr.S01E01.1080p.WEB-DL.DDP5.1.H.264-NTb',
      'The.Zephyr.S01.1080p.BluRay.x264-ROVERS',
      'Zephyr.And.The.Wind.S01E01.720p.HDTV.x264-GRP',
      'The.Zephyr.S02E01.720p.HDTV.x264-GRP',
      'The.Zephyr.2019.1080p.BluRay.x264-GRP',
      'Zephyr.2019.720p.BluRay.x264-GRP',
    ].map((name, i) => ({ infoHash: hashOf(8000 + i), name, publishedAt: NOW - i * 7200 - 300 }))
    const records = [...filler, ...zephyr]
    let narrowed: SearchIndex
    let smallCap: SearchIndex
    let tokensOnly: SearchIndex
    beforeAll(async () => {
      narrowed = await openSearchIndex(records, { nowMs: () => NOW * 1000 }, engine)
      // `zephyr` and an episode match 4 releases: past this cap the whole text is tried, then the text index alone.
      smallCap = await openSearchIndex(records, { nowMs: () => NOW * 1000, textAloneMatches: 3 }, engine)
      tokensOnly = await openSearchIndex(records, { nowMs: () => NOW * 1000, textAloneMatches: 0 }, engine)
    })
    const s01e01 = { kind: 'season', season: 1, episode: 1 } as const
    const cases: Partial<SearchQuery>[] = [
      { text: 'the zephyr', episodes: s01e01 },
      { text: 'the zephyr', categories: [5030, 5040], episodes: s01e01 },
      { text: 'The Zephyr', categories: [2000] },
      { text: 'the the zephyr', episodes: s01e01 },
      { text: 'the common show', categories: [5000], episodes: { kind: 'season', season: 1, episode: 2 } },
      { text: 'the over', episodes: { kind: 'season', season: 1, episode: null } },
    ]
    const expectSamePages = async () => {
      for (const wanted of cases) {
        const all = names(await tokensOnly.search.search(query({ ...wanted, limit: 100 })))
        for (const index of [narrowed, smallCap]) {
          expect(names(await index.search.search(query({ ...wanted, limit: 100 })))).toEqual(all)
          const paged = (
            await Promise.all([0, 3, 6, 9].map(async (offset) => names(await index.search.search(query({ ...wanted, limit: 3, offset })))))
          ).flat()
          expect(paged).toEqual(all.slice(0, 12))
        }
      }
    }

    test('gives the same items in the same order as the full intersection, page after page', async () => {
      await expectSamePages()
    })

    test('a release without the common word is left out; one with it anywhere in the name is kept', async () => {
      expect(new Set(names(await narrowed.search.search(query({ text: 'the zephyr', episodes: s01e01 }))))).toEqual(
        new Set([
          'The.Zephyr.S01E01.720p.HDTV.x264-GRP',
          'The.Zephyr.S01.1080p.BluRay.x264-ROVERS',
          'Zephyr.And.The.Wind.S01E01.720p.HDTV.x264-GRP',
        ]),
      )
      expect(names(await narrowed.search.search(query({ text: 'the zephyr', categories: [2000] })))).toEqual([
        'The.Zephyr.2019.1080p.BluRay.x264-GRP',
      ])
    })

    test('a common word in the title alone counts, as it does for the index', async () => {
      // Ground truth titles "The Zephyr" a release without `the` in its name.
      for (const index of [narrowed, smallCap, tokensOnly]) {
        await index.sql.run(
          `INSERT INTO ground_truth_labels (info_hash, content_type, title, seasons, episodes, labelled_by, labelled_at)
         VALUES (?, 'tv_show', 'The Zephyr', '[1]', '[1]', 'sonarr', 1)`,
          [Buffer.from(hashOf(8001), 'hex')],
        )
        await index.torrents.reclassifier.run({})
      }
      expect(names(await narrowed.search.search(query({ text: 'the zephyr', episodes: s01e01 })))).toContain(
        'Zephyr.S01E01.1080p.WEB-DL.DDP5.1.H.264-NTb',
      )
      await expectSamePages()
    })
  })

  describe('titles as Sonarr and Radarr send them', () => {
    afterAll(closeSuiteResources)
    // GetQueryTitle deletes apostrophes and dots and writes & as "and"; release names keep them or not.
    const records = [
      "Grey's.Anatomy.S19E01.1080p.WEB.h264-GOSSIP",
      'Greys.Anatomy.S19E02.720p.HDTV.x264-SYNCOPY',
      "It's.Always.Sunny.in.Philadelphia.S16E01.1080p.WEB.H264-GGEZ",
      'Marvels.Agents.of.S.H.I.E.L.D.S01E01.720p.HDTV.x264-KILLERS',
      'S.W.A.T.2017.S01E01.720p.HDTV.x264-AVS',
      'Law & Order Special Victims Unit S25E01 1080p WEB h264-ETHEL',
      "Schindler's.List.1993.1080p.BluRay.x264-AMIABLE",
      'Gray.Matter.2019.1080p.WEB.H264-GRP',
    ].map((name, i) => ({ infoHash: hashOf(30_000 + i), name, publishedAt: NOW - i * 3600 }))
    let search: SearchService['search']
    beforeAll(async () => {
      search = (await openSearchIndex(records, { nowMs: () => NOW * 1000 }, engine)).search.search
    })
    const s = (season: number, episode: number) => ({ kind: 'season', season, episode }) as const

    test('finds the release whatever its name did with the apostrophes, dots and ampersand', async () => {
      expect(new Set(names(await search(query({ text: 'Greys Anatomy', categories: [5030, 5040] }))))).toEqual(
        new Set(["Grey's.Anatomy.S19E01.1080p.WEB.h264-GOSSIP", 'Greys.Anatomy.S19E02.720p.HDTV.x264-SYNCOPY']),
      )
      expect(names(await search(query({ text: 'Greys Anatomy', episodes: s(19, 1) })))).toEqual([
        "Grey's.Anatomy.S19E01.1080p.WEB.h264-GOSSIP",
      ])
      expect(names(await search(query({ text: "Grey's Anatomy", episodes: s(19, 2) })))).toEqual([
        'Greys.Anatomy.S19E02.720p.HDTV.x264-SYNCOPY',
      ])
      expect(names(await search(query({ text: 'Its Always Sunny in Philadelphia', episodes: s(16, 1) })))).toHaveLength(1)
      expect(names(await search(query({ text: 'Marvels Agents of SHIELD', episodes: s(1, 1) })))).toHaveLength(1)
      expect(names(await search(query({ text: 'SWAT 2017' })))).toEqual(['S.W.A.T.2017.S01E01.720p.HDTV.x264-AVS'])
      expect(names(await search(query({ text: 'Law and Order Special Victims Unit', episodes: s(25, 1) })))).toHaveLength(1)
      expect(names(await search(query({ text: 'Schindlers List 1993', categories: [2000] })))).toEqual([
        "Schindler's.List.1993.1080p.BluRay.x264-AMIABLE",
      ])
    })
  })

  describe('filters that look up files and sources', () => {
    afterAll(closeSuiteResources)
    // 300 episodes, half 720p; every third carries subtitles: 50 are both.
    const episodes = Array.from({ length: 300 }, (_, i) => {
      const resolution = i % 2 === 0 ? '720p' : '1080p'
      const name = `Wombat.Docs.S01E${String(i + 1).padStart(3, '0')}.${resolution}.WEB-DL.x264-GRP`
      const files = [{ path: `${name}.mkv`, size: 900_000 }, ...(i % 3 === 0 ? [{ path: `${name}.en.srt`, size: 50_000 }] : [])]
      return { infoHash: hashOf(7000 + i), name, files, publishedAt: NOW - i * 60 }
    })
    const expected = episodes.filter((_, i) => i % 6 === 0).map((episode) => episode.name)
    const lookups: number[] = []
    /** `store`, telling the file lookups it is asked for; inside a snapshot, the snapshot's own store. */
    const countingOf = (store: SearchStore): SearchStore => ({
      ...store,
      rowLookups: (ids, kinds) => {
        if (kinds.fileTypes) lookups.push(ids.length)
        return store.rowLookups(ids, kinds)
      },
      withSnapshot: (search) => store.withSnapshot((inside) => search(countingOf(inside))),
    })
    let index: SearchIndex
    let counted: SearchService
    beforeAll(async () => {
      index = await openSearchIndex(episodes, { nowMs: () => NOW * 1000 }, engine)
      counted = createSearchService({
        store: countingOf(index.reader),
        weights: defaultWeights,
        timeoutMs: 10_000,
        nowMs: () => NOW * 1000,
      })
    })

    test('a file type filter reads the files of many candidates at once, only of those the other filters pass, and misses none', async () => {
      const newest = [{ field: 'published_at' as const, descending: true }]
      const cases: Partial<SearchQuery>[] = [
        { text: 'wombat', resolutions: ['v720p'], fileTypes: ['subtitle'], orderBy: newest },
        { text: 'wombat', resolutions: ['v720p'], fileTypes: ['subtitle'] },
        { resolutions: ['v720p'], fileTypes: ['subtitle'] },
      ]
      for (const overrides of cases) {
        lookups.length = 0
        const result = await counted.search(query({ ...overrides, limit: 100, countTotal: true }))
        expect(result.items.map((item) => item.name).sort()).toEqual([...expected].sort())
        expect(result).toMatchObject({ total: 50, totalIsEstimate: false })
        // 150 candidates pass the resolution: their files are read a hundred at a time, not one by one.
        expect(lookups.length).toBeGreaterThan(0)
        expect(lookups.length).toBeLessThanOrEqual(8)
        expect(lookups.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(3 * 150)
      }
    })

    test('a source filter reads sources the same way, and a torrent without the source is left out', async () => {
      expect((await index.search.search(query({ torrentSources: ['import'], limit: 0, countTotal: true }))).total).toBe(300)
      expect((await index.search.search(query({ text: 'wombat', torrentSources: ['dht'], countTotal: true }))).total).toBe(0)
    })
  })

  describe('deep pages', () => {
    afterAll(closeSuiteResources)
    // 1,200 matches, more than one ranked block of 500, in varied relevance and age: Sonarr and
    // Radarr page such a search 100 at a time, 1,000 deep.
    const records = Array.from({ length: 1_200 }, (_, i) => ({
      infoHash: hashOf(20_000 + i),
      name: `Paging.Show.${i % 3 === 0 ? '' : `Extra${i % 7}.Words.`}S0${1 + (i % 4)}E${String(1 + (i % 20)).padStart(2, '0')}.720p.HDTV.x264-GRP`,
      publishedAt: NOW - ((i * 7919) % 1_200) * 600,
    }))
    let search: SearchService['search']
    beforeAll(async () => {
      search = (await openSearchIndex(records, { nowMs: () => NOW * 1000 }, engine)).search.search
    })
    const hashes = (result: { items: { infoHash: string }[] }) => result.items.map((item) => item.infoHash)

    test('page after page, every match comes once, in the order of one long page', async () => {
      const cases: { wanted: Partial<SearchQuery>; count: number }[] = [
        { wanted: { text: 'paging show' }, count: 1_200 },
        { wanted: { text: 'paging show', categories: [5000] }, count: 1_200 },
        { wanted: { text: 'paging', episodes: { kind: 'season', season: 2, episode: null } }, count: 300 },
      ]
      for (const { wanted, count } of cases) {
        const paged = (
          await Promise.all(
            Array.from({ length: 12 }, async (_, page) => hashes(await search(query({ ...wanted, limit: 100, offset: page * 100 })))),
          )
        ).flat()
        const whole = await search(query({ ...wanted, limit: 200, offset: 0 }))
        expect(new Set(paged).size).toBe(paged.length)
        expect(paged).toHaveLength(count)
        expect(paged.slice(0, 200)).toEqual(hashes(whole))
        expect(hashes(await search(query({ ...wanted, limit: 200, offset: 500 })))).toEqual(paged.slice(500, 700))
      }
    })
  })

  describe('searches at once on one reader', () => {
    afterAll(closeSuiteResources)

    test("all answer while each reads its words' shares outside its snapshot (a thread sent several requests)", async () => {
      const index = await openSearchIndex(releases, { nowMs: () => NOW * 1000 }, engine)
      // Text with categories reads the shares of words not yet remembered: a cold reader, every search at once.
      const texts = ['breaking bad', 'dune', 'spider man', 'planet earth', 'daily show', 'amelie']
      const answers = await Promise.all(texts.map((text) => index.search.search(query({ text, categories: [2000, 5000] }))))
      expect(answers.map((answer) => answer.total)).toEqual([3, 2, 1, 1, 1, 1])
    })
  })

  describe('search deadline', () => {
    afterAll(closeSuiteResources)
    test('stops a search that runs past its timeout with SearchTimeoutError', async () => {
      let clock = 0
      const many = Array.from({ length: 600 }, (_, i) => ({ infoHash: hashOf(1000 + i), name: `Common.Word.${i}.1080p.x264-GRP` }))
      // Each read of the clock moves it 1 s on: the first deadline check is past a 1 s timeout.
      const index = await openSearchIndex(many, { timeoutMs: 1_000, nowMs: () => (clock += 1_000) }, engine)
      await expect(index.search.search(query({ text: 'zzz-no-match' }))).resolves.toBeDefined()
      // A size filter is checked row by row: every match is read, and none passes.
      await expect(index.search.search(query({ text: 'common', minSizeBytes: 10 ** 12 }))).rejects.toThrow(SearchTimeoutError)
      // The statement was released: the next search works.
      clock = 0
      const fresh = await openSearchIndex(many.slice(0, 5), {}, engine)
      expect((await fresh.search.search(query({ text: 'common' }))).total).toBe(5)
    })
  })
})

// Scoring alone, on no index.
describe('relevance of titles as Sonarr and Radarr send them', () => {
  test('scores a name with the apostrophe as holding the word, not as a lesser match', () => {
    const row = (name: string) => ({
      name,
      title: 'Anatomy',
      id: 1,
      info_hash: new Uint8Array(20),
      published_at: NOW,
      evidence_score: 0,
      confidence: 1,
      wanted: 0,
    })
    const greys = parseTextQuery('Greys Anatomy')!
    const withApostrophe = scoreRelevance(greys, row("Grey's.Anatomy.S19E01.1080p.WEB.h264-GOSSIP"))
    const without = scoreRelevance(greys, row('Greys.Anatomy.S19E02.720p.HDTV.x264-SYNCOPY'))
    expect(withApostrophe).toBeGreaterThan(0.95 * without)
    expect(scoreRelevance(greys, row('Gray.Anatomy.S19E01.1080p.WEB.h264-GOSSIP'))).toBeLessThan(0.7 * without)
  })
})
