import { describe, expect, test } from 'bun:test'
import type { LibraryResults as Results, LibraryRow } from '../../src/dashboard/library/model'
import type { LibraryFilter } from '../../views/partials/library-filter'
import { LibraryResults } from '../../views/partials/library-results'

const row = (i: number): LibraryRow => ({
  info_hash: i.toString(16).padStart(40, '0'),
  title: `Numbat.Trails.S01E${String(i).padStart(2, '0')}.720p.WEB-DL.x264-GRP`,
  content_type: 'tv_show',
  size_bytes: 1_000_000,
  created_at: '2026-11-01T00:00:00.000Z',
  magnet_uri: `magnet:?xt=urn:btih:${i.toString(16).padStart(40, '0')}`,
  seeders: null,
  classification_status: 'pending',
})

const noFacets = { content_type: [], resolution: [], source: [], language: [], year: [], file_type: [] }

/** The results as the library shows them: the last page the core could fill, of a filtered list it estimated. */
async function shown(filter: Partial<LibraryFilter>, results: Partial<Results>): Promise<string> {
  const node = LibraryResults({
    filter: { q: '', order: 'newest', page: 1, ...filter, facets: { ...noFacets, ...filter.facets } },
    results: { totalCount: 0, totalIsEstimate: false, hasNextPage: false, items: [], facets: noFacets, ...results },
    pageSize: 50,
    depth: 5_000,
    clients: [],
  })
  return String(await node)
}

describe('the library says what its pages cannot reach', () => {
  const cutShort = { totalCount: 1_200, totalIsEstimate: true, hasNextPage: false, items: [row(1), row(2), row(3)] }

  test('a filtered list that ends before its estimate says the filters were checked on the newest torrents', async () => {
    const html = await shown({ facets: { ...noFacets, resolution: ['720p'] }, page: 2 }, cutShort)
    expect(html).toContain('The filters were checked on the newest torrents; about 1,147 more may match further back.')
    expect(html).toContain('Search for words of the name to reach them.')
    // With words typed already, more of them narrow it.
    const typed = await shown({ q: 'numbat', facets: { ...noFacets, resolution: ['720p'] }, page: 2 }, cutShort)
    expect(typed).toContain('More words of the name reach them.')
  })

  test('an exact count or a list without row filters says nothing of the kind', async () => {
    expect(await shown({ facets: { ...noFacets, resolution: ['720p'] } }, { ...cutShort, totalIsEstimate: false })).not.toContain(
      'further back',
    )
    expect(await shown({}, cutShort)).not.toContain('further back')
  })

  test('past the depth, the cap is said; a sort says it is over the newest matches', async () => {
    const many = { totalCount: 80_000, totalIsEstimate: false, hasNextPage: true, items: [row(1)] }
    expect(await shown({}, many)).toContain('The pages go 5,000 deep (100 pages).')
    expect(await shown({ order: 'size' }, many)).toContain('Largest first among the newest 5,000 matches, and the pages go 5,000 deep.')
  })
})
