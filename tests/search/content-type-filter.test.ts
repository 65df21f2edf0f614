/**
 * A content-type filter (the dashboard's library, GraphQL's contentType facet) walks only the
 * category ranges that hold the type: same answers as checking every row, exact counts, and a
 * type with no torrents answers at once.
 */
import { beforeAll, expect, test } from 'bun:test'
import type { ContentType } from '../../src/vocabulary'
import type { SearchQuery } from '../../src/search'
import { describeOnEngines } from '../support/engines'
import { hashOf, type ImportRecord, openSearchIndex, type SearchIndex } from '../support/search-index'

const NOW = 1_790_000_000
const names: [string, ContentType][] = [
  ['Dune.2021.1080p.BluRay.x264-GRP', 'movie'],
  ['Dune.Part.Two.2024.2160p.WEB-DL.x265-FLUX', 'movie'],
  ['Arrival.2016.720p.BluRay.x264-SPARKS', 'movie'],
  ['Dune.Prophecy.S01E01.1080p.WEB.h264-ETHEL', 'tv_show'],
  ['The.Bear.S03E01.2160p.WEB.h265-GRP', 'tv_show'],
  ['Pink Floyd - The Dark Side of the Moon (1973) [FLAC]', 'music'],
  ['Frank Herbert - Dune (Audiobook) [MP3]', 'audiobook'],
]
/** Audio is told apart by its files, as the crawler sees them. */
const FILES: Partial<Record<ContentType, { path: string; size: number }[]>> = {
  music: [1, 2, 3].map((n) => ({ path: `0${n} - Track ${n}.flac`, size: 30_000_000 })),
  audiobook: [1, 2, 3].map((n) => ({ path: `Dune - Part ${n}.m4b`, size: 200_000_000 })),
}
const releases: ImportRecord[] = names.map(([name, type], i) => ({
  infoHash: hashOf(i + 1),
  name,
  publishedAt: NOW - i * 3600,
  ...(FILES[type] && { files: FILES[type], size: undefined }),
}))
const query = (overrides: Partial<SearchQuery>): SearchQuery => ({ text: null, categories: null, limit: 50, offset: 0, ...overrides })

describeOnEngines('content-type filter', (engine) => {
  let index: SearchIndex
  beforeAll(async () => {
    index = await openSearchIndex(releases, { nowMs: () => NOW * 1000 }, engine)
  })
  const search = (searched: SearchQuery) => index.search.search(searched)
  const typeOf = async (name: string) =>
    (
      await index.sql.get<{ content_type: string }>(
        'SELECT c.content_type FROM torrents t JOIN torrent_classifications c ON c.torrent_id = t.id WHERE t.name = ?',
        [name],
      )
    )?.content_type

  test('the fixture is classified as the test assumes', async () => {
    for (const [name, contentType] of names) expect({ name, type: await typeOf(name) }).toEqual({ name, type: contentType })
  })

  test.each([
    [['movie'], 3],
    [['tv_show'], 2],
    [['music'], 1],
    [['audiobook'], 1],
    [['music', 'audiobook'], 2],
    [['movie', 'tv_show'], 5],
    [['ebook'], 0],
    [['software'], 0],
  ] as [ContentType[], number][])('%p: exactly its torrents, newest first, counted exactly', async (contentTypes, expected) => {
    const result = await search(query({ contentTypes, countTotal: true }))
    expect(result.items.map((item) => item.name)).toEqual(names.filter(([, type]) => contentTypes.includes(type)).map(([name]) => name))
    expect({ total: result.total, estimate: result.totalIsEstimate }).toEqual({ total: expected, estimate: false })
  })

  test('with text: the words and the type together', async () => {
    const result = await search(query({ text: 'dune', contentTypes: ['movie'], countTotal: true }))
    expect(result.items.map((item) => item.name).sort()).toEqual([
      'Dune.2021.1080p.BluRay.x264-GRP',
      'Dune.Part.Two.2024.2160p.WEB-DL.x265-FLUX',
    ])
    expect(result.total).toBe(2)
    expect((await search(query({ text: 'dune', contentTypes: ['audiobook'] }))).items.map((item) => item.name)).toEqual([
      'Frank Herbert - Dune (Audiobook) [MP3]',
    ])
  })

  test('facets count the filtered set', async () => {
    const result = await search(query({ contentTypes: ['movie'], facets: ['contentType'], countTotal: true }))
    expect(result.facets?.contentType).toEqual([{ value: 'movie', count: 3, isEstimate: false }])
  })
})
