import { describe, expect, test } from 'bun:test'
import { createSearchRepository } from '../../src/search'
import { hashOf, openSearchIndex } from '../support/search-index'

describe('search repository', () => {
  test("a word's share of the newest torrents, from the full-text index", () => {
    const names = [
      ...Array.from({ length: 300 }, (_, i) => `The.Common.Show.S01E0${1 + (i % 5)}.720p.HDTV.x264-GRP`),
      'Zephyr.S01E01.1080p.WEB-DL.H.264-NTb',
    ]
    const index = openSearchIndex(names.map((name, i) => ({ infoHash: hashOf(20_000 + i), name })))
    const repository = createSearchRepository(index.db.sqlite)
    expect(repository.shareOfNewest('the', 5000)).toBeCloseTo(300 / 301, 3)
    expect(repository.shareOfNewest('zephyr', 5000)).toBeCloseTo(1 / 301, 3)
    // The newest 100 ids only: the last one is zephyr's.
    expect(repository.shareOfNewest('zephyr', 100)).toBeCloseTo(1 / 100, 3)
    expect(repository.shareOfNewest('nowhere', 5000)).toBe(0)
    expect(createSearchRepository(openSearchIndex([]).db.sqlite).shareOfNewest('the', 5000)).toBe(0)
  })

  test('every match of an expression, newest first, or null past the cap, from the posting lists', () => {
    const index = openSearchIndex(
      Array.from({ length: 5 }, (_, i) => ({ infoHash: hashOf(30_000 + i), name: `Capped.Show.${i}.720p-GRP` })),
    )
    const repository = createSearchRepository(index.db.sqlite)
    const ids = repository.allMatchIds('"capped"', 5)!
    expect(ids).toHaveLength(5)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    expect(repository.allMatchIds('"capped"', 4)).toBeNull()
    expect(repository.allMatchIds('"capped" AND "3"', 4)).toHaveLength(1)
    expect(repository.allMatchIds('"nowhere"', 4)).toEqual([])
  })
})
