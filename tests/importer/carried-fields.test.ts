import { describe, expect, test } from 'bun:test'
import { parseImportLine } from '../../src/importer'
import { MAX_CARRIED_GRABS, MAX_CARRIED_TAGS } from '../../src/importer/carried-fields'

const HASH = '0123456789abcdef0123456789abcdef01234567'
const line = (extra: Record<string, unknown>) =>
  JSON.stringify({ infoHash: HASH, name: 'Some.Show.S01E02.1080p.WEB-DL-GRP', size: 5, ...extra })
const label = (extra: Record<string, unknown> = {}) => ({ contentType: 'tv_show', source: 'sonarr-main', ...extra })

function carriedOf(extra: Record<string, unknown>) {
  const parsed = parseImportLine(line(extra))
  if (!parsed.ok) throw new Error(parsed.reason)
  return parsed.item.carried
}

function reasonOf(extra: Record<string, unknown>): string {
  const parsed = parseImportLine(line(extra))
  return parsed.ok ? 'accepted' : parsed.reason
}

describe('the fields an export line carries', () => {
  test('a plain import line carries nothing, and contentType alone is information only', () => {
    expect(carriedOf({})).toBeUndefined()
    expect(carriedOf({ contentType: 'xxx' })).toBeUndefined()
    expect(carriedOf({ contentType: 'not-a-type' })).toBeUndefined()
  })

  test('reads a label with its source, ids, tags and grabs', () => {
    expect(
      carriedOf({
        label: label({ title: ' Some Show ', year: 2019, seasons: [1, 1], episodes: [2, 3], labelledAt: '2024-01-02T03:04:05Z' }),
        externalIds: { imdb: '133093', tvdb: 12345 },
        tags: ['kids', 'keep', 'kids'],
        grabs: 3,
      }),
    ).toEqual({
      infoHashV2: null,
      label: {
        contentType: 'tv_show',
        title: 'Some Show',
        year: 2019,
        seasons: [1],
        episodes: [2, 3],
        imdb: 'tt0133093',
        tmdb: null,
        tvdb: 12345,
        tvmaze: null,
        labelledBy: 'sonarr-main',
        labelledAt: 1_704_164_645,
      },
      tags: ['kids', 'keep'],
      grabs: 3,
    })
  })

  test('a label without a time, or dated ahead of the clock, is dated now; a title past the name limit is cut, as a name is', () => {
    const before = Math.floor(Date.now() / 1000)
    const carried = carriedOf({ label: label({ title: 'x'.repeat(5000) }) })!
    expect(carried.label!.labelledAt).toBeGreaterThanOrEqual(before)
    const future = carriedOf({ label: label({ labelledAt: 99_999_999_999 }) })!
    expect(future.label!.labelledAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000))
    expect(carried.label!.title).toHaveLength(512)
    expect(carried.label!.title!.endsWith('…')).toBe(true)
  })

  test.each([
    [{ label: 'movie' }, 'label must be an object'],
    [{ label: [] }, 'label must be an object'],
    [{ label: label({ contentType: 'porn' }) }, 'label.contentType must be one of'],
    [{ label: { contentType: 'movie' } }, 'label.source must name the instance'],
    [{ label: label({ source: '../../etc' }) }, 'label.source must name the instance'],
    [{ label: label({ source: 'x'.repeat(65) }) }, 'label.source must name the instance'],
    [{ label: label({ title: 42 }) }, 'label.title must be a string'],
    [{ label: label({ year: 0 }) }, 'label.year must be a whole number from 1 to 9999'],
    [{ label: label({ year: '2019' }) }, 'label.year must be a whole number from 1 to 9999'],
    [{ label: label({ seasons: [-1] }) }, 'label.seasons must be a list'],
    [{ label: label({ episodes: Array.from({ length: 2001 }, (_, i) => i) }) }, 'label.episodes must be a list'],
    [{ label: label({ episodes: [1e9] }) }, 'label.episodes must be a list'],
    [{ label: label({ labelledAt: 'yesterday' }) }, 'label.labelledAt must be'],
    [{ label: label(), externalIds: { imdb: 'nm0000001' } }, 'externalIds.imdb must be an IMDb id'],
    [{ label: label(), externalIds: { tmdb: -4 } }, 'externalIds.tmdb must be a whole number above 0'],
    [{ label: label(), externalIds: { tvdb: 0 } }, 'externalIds.tvdb must be a whole number above 0'],
    [{ label: label(), externalIds: 'tt0133093' }, 'externalIds must be an object'],
    [{ tags: 'kids' }, 'tags must be a list'],
    [{ tags: ['Kids'] }, 'tags must be a list'],
    [{ tags: ["x'); DROP TABLE torrents; --"] }, 'tags must be a list'],
    [{ tags: ['a'.repeat(65)] }, 'tags must be a list'],
    [{ tags: Array.from({ length: MAX_CARRIED_TAGS + 1 }, (_, i) => `tag-${i}`) }, 'tags must be a list'],
    [{ grabs: -1 }, 'grabs must be a whole number'],
    [{ grabs: 1.5 }, 'grabs must be a whole number'],
    [{ grabs: MAX_CARRIED_GRABS + 1 }, 'grabs must be a whole number'],
    [{ infoHashV2: 'ab'.repeat(32) }, 'infoHashV2 must be the 64 lowercase hex v2 hash of a v2-only torrent'],
    [{ infoHashV2: `${HASH}XYZ` }, 'infoHashV2 must be the 64 lowercase hex v2 hash of a v2-only torrent'],
  ])('a hostile or malformed %j rejects the line, naming the field', (extra, reason) => {
    expect(reasonOf(extra)).toContain(reason)
  })

  test("a v2-only torrent's v2 hash, which starts with its key, is carried", () => {
    const v2 = `${HASH}${'e'.repeat(24)}`
    expect(carriedOf({ infoHashV2: v2 })!.infoHashV2).toBe(v2)
  })

  test('a file may give its index past a padding gap; indexes must rise', () => {
    const parsed = parseImportLine(
      line({
        files: [
          { path: 'a.mkv', size: 1 },
          { path: 'b.mkv', size: 1, index: 2 },
          { path: 'c.nfo', size: 1 },
        ],
      }),
    )
    expect(parsed.ok && parsed.item.files!.map((file) => file.index)).toEqual([0, 2, 3])
    const falling = parseImportLine(
      line({
        files: [
          { path: 'a', size: 1, index: 4 },
          { path: 'b', size: 1, index: 4 },
        ],
      }),
    )
    expect(falling.ok ? 'accepted' : falling.reason).toBe("files[1].index must be a whole number above the previous file's")
  })
})
