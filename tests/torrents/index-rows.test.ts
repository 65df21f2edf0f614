import { beforeAll, describe, expect, test } from 'bun:test'
import type { Database } from 'bun:sqlite'
import type { Classification } from '../../src/classify'
import { createClassificationRows } from '../../src/store/sqlite/ingest/classification-rows'
import { searchFactsOf } from '../../src/search/document-facts'
import { hashOf, openSearchIndex, type ImportRecord, type SearchIndex } from '../support/search-index'
import { sqliteOf } from '../support/test-index'

const NOW = 1_790_000_000

const releases: ImportRecord[] = [
  { infoHash: hashOf(1), name: 'Dune.2021.1080p.BluRay.x264-GRP', publishedAt: NOW - 400 },
  { infoHash: hashOf(2), name: 'Breaking.Bad.S01E02.720p.BluRay.x264-DEMAND', publishedAt: NOW - 300 },
  { infoHash: hashOf(3), name: 'Breaking.Bad.S01-S03.1080p.BluRay.x264-ROVERS', publishedAt: NOW - 300 },
  { infoHash: hashOf(4), name: 'The.Daily.Show.2026.11.22.720p.WEB.h264-EDITH', publishedAt: NOW - 200 },
  { infoHash: hashOf(5), name: 'Naruto.Shippuden.E12-E14.720p-Group', publishedAt: NOW - 100 },
  { infoHash: hashOf(6), name: 'Amélie.2001.720p.BluRay.x264-CiNEFiLE', publishedAt: NOW - 50 },
  {
    infoHash: hashOf(7),
    name: 'The Complete Works of Shakespeare',
    files: [{ path: 'works/shakespeare.epub', size: 2_000_000 }],
    publishedAt: NOW - 10,
  },
  { infoHash: hashOf(8), name: 'random_words_without_meaning', publishedAt: NOW - 5 },
]

/**
 * Every token of the full-text index with its row, column and position (fts5vocab reads a
 * contentless index too), so two indexes compare exactly.
 */
function vocabulary(db: Database, table: string): string[] {
  db.run(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.vocab_${table} USING fts5vocab(main, ${table}, instance)`)
  return db
    .query<{ row: string }, []>(`SELECT term || ' ' || doc || ' ' || col || ' ' || offset AS row FROM temp.vocab_${table} ORDER BY 1`)
    .all()
    .map((entry) => entry.row)
}

/** What the view the triggers read (0012) and json_each over the stored categories (0011) give now. */
function expectIndexRowsAsTheTriggersWrote(db: Database) {
  db.run('DROP TABLE IF EXISTS reference_search')
  db.run("CREATE VIRTUAL TABLE reference_search USING fts5(name, title, facts, content = '', tokenize = 'unicode61 remove_diacritics 2')")
  db.run('INSERT INTO reference_search (rowid, name, title, facts) SELECT id, name, title, facts FROM torrent_search_source')
  const written = vocabulary(db, 'torrent_search')
  expect(written.length).toBeGreaterThan(50)
  expect(written).toEqual(vocabulary(db, 'reference_search'))
  const categories = (sql: string) =>
    db
      .query<{ key: string }, []>(sql)
      .all()
      .map((row) => row.key)
  expect(categories("SELECT category || ' ' || published_at || ' ' || torrent_id AS key FROM torrent_categories ORDER BY 1")).toEqual(
    categories(
      `SELECT j.value || ' ' || t.published_at || ' ' || t.id AS key
       FROM torrent_classifications c JOIN torrents t ON t.id = c.torrent_id, json_each(c.categories) j ORDER BY 1`,
    ),
  )
}

// FTS5's rows and the SQLite triggers they are checked against: SQLite's own internals.
describe('category keys and full-text rows written with the classification', () => {
  let index: SearchIndex
  let sqlite: Database
  beforeAll(async () => {
    index = await openSearchIndex(releases)
    sqlite = sqliteOf(index.store).sqlite
  })
  const idOf = (n: number) =>
    sqlite.query<{ id: number }, [string]>('SELECT id FROM torrents WHERE info_hash = unhex(?)').get(hashOf(n))!.id

  test('an import writes the same tokens and keys the triggers wrote', () => {
    expectIndexRowsAsTheTriggersWrote(sqlite)
    const facts = sqlite.query<{ facts: string }, [number]>('SELECT facts FROM torrent_search_source WHERE id = ?')
    for (let n = 1; n <= releases.length; n++) {
      const stored = facts.get(idOf(n))!.facts
      // Each fact token finds its torrent.
      for (const token of stored.split(' ').filter(Boolean)) {
        const ids = sqlite
          .query<{ rowid: number }, [string]>('SELECT rowid FROM torrent_search WHERE torrent_search MATCH ?')
          .all(`facts : "${token}"`)
        expect(ids.map((row) => row.rowid)).toContain(idOf(n))
      }
    }
  })

  test('a reclassification replaces the old keys and tokens, and a delete removes them', () => {
    const store = createClassificationRows(sqliteOf(index.store))
    const id = idOf(2)
    const stored = sqlite
      .query<{ categories: string }, [number]>('SELECT categories FROM torrent_classifications WHERE torrent_id = ?')
      .get(id)!
    expect(JSON.parse(stored.categories)).toContain(5000)
    const changed = {
      contentType: 'movie',
      categories: [2000, 2040],
      confidence: 0.9,
      status: 'pending',
      tags: [],
      firedRules: [],
      isDefinitive: false,
      explanation: '-',
      externalIds: { imdb: null, tmdb: null, tvdb: null, tvmaze: null },
      parsed: {
        title: 'Something Else',
        year: 2020,
        seasons: [4],
        episodes: [],
        airDate: '2020-01-02',
        isComplete: false,
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
      },
    } satisfies Classification
    store.store(id, changed, NOW)
    expectIndexRowsAsTheTriggersWrote(sqlite)
    const match = (text: string) =>
      sqlite
        .query<{ rowid: number }, [string]>('SELECT rowid FROM torrent_search WHERE torrent_search MATCH ?')
        .all(text)
        .map((r) => r.rowid)
    expect(match('title : "something else"')).toEqual([id])
    expect(match('facts : "s4pack"')).toEqual([id])
    expect(match('facts : "s1e2"')).not.toContain(id)
    // The same classification stored again (a rerank keeping its verdict) changes nothing.
    store.store(id, changed, NOW + 1)
    expectIndexRowsAsTheTriggersWrote(sqlite)

    sqlite.run('DELETE FROM torrents WHERE id = ?', [id])
    expect(match('title : "something else"')).toEqual([])
    expectIndexRowsAsTheTriggersWrote(sqlite)
  })

  test('facts are the view tokens for seasons, episodes, packs and air dates', () => {
    const base = { categories: [5000, 5040] }
    const parsed = (seasons: number[], episodes: number[], airDate: string | null) =>
      ({ seasons, episodes, airDate }) as Classification['parsed']
    expect(searchFactsOf({ ...base, parsed: parsed([1], [2, 3], null) })).toBe('c5000 c5040 s1 e2 e3 s1e2 s1e3')
    expect(searchFactsOf({ ...base, parsed: parsed([1, 2], [], null) })).toBe('c5000 c5040 s1 s2 s1pack s2pack')
    expect(searchFactsOf({ categories: [], parsed: parsed([], [], '2026-11-22') })).toBe('d20261122 y2026')
    expect(searchFactsOf({ categories: [], parsed: parsed([], [], null) })).toBe('')
  })
})
