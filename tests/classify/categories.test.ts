import { describe, expect, test } from 'bun:test'
import { CONTENT_TYPES, TORZNAB_CATEGORIES } from '../../src/vocabulary'
import { APP_CATEGORIES } from '../../views/partials/setup-arr-apps'
import { categoriesFor } from '../../src/classify/categories'
import { categoryRangesOf, parentCategoryOf } from '../../src/vocabulary'
import { parseReleaseName } from '../../src/classify/release-name/parse-release-name'

/** Names that reach every quality branch: SD, HD, UHD, 3D, remux and disc. */
const PARSED = [
  'Some.Title.2019.DVDRip.XviD-GRP',
  'Some.Title.2019.720p.WEB-DL.x264-GRP',
  'Some.Title.2019.1080p.BluRay.x264-GRP',
  'Some.Title.2019.2160p.WEB-DL.x265-GRP',
  'Some.Title.2019.1080p.3D.HSBS.BluRay.x264-GRP',
  'Some.Title.2019.1080p.BluRay.REMUX.AVC-GRP',
  'Some.Title.2019.COMPLETE.BLURAY-GRP',
  'Some.Show.S01E01.HDTV.x264-GRP',
].map((name) => ({ name, parsed: parseReleaseName(name) }))
const TAGS = ['anime', 'sport', 'documentary', 'console', 'ps4', 'lossless', 'music-video']
/** Every subset of the tags that choose sub-categories. */
const TAG_SETS = Array.from({ length: 1 << TAGS.length }, (_, mask) => new Set(TAGS.filter((_, bit) => mask & (1 << bit))))

const inRanges = (category: number, ranges: number[]) => ranges.includes(category) || ranges.includes(parentCategoryOf(category) ?? -1)

describe('categoryRangesOf', () => {
  test('every torrent of a content type falls in its ranges; exact ranges hold no other type', () => {
    for (const contentType of CONTENT_TYPES) {
      const { categories: ranges, isExact } = categoryRangesOf(contentType)
      for (const { name, parsed } of PARSED)
        for (const tags of TAG_SETS) {
          const own = categoriesFor(contentType, parsed, tags)
          expect({ contentType, name, tags: [...tags], held: own.some((category) => inRanges(category, ranges)) }).toMatchObject({
            held: true,
          })
          if (!isExact) continue
          for (const other of CONTENT_TYPES.filter((type) => type !== contentType)) {
            const theirs = categoriesFor(other, parsed, tags)
            expect({ contentType, other, name, clash: theirs.some((category) => inRanges(category, ranges)) }).toMatchObject({
              clash: false,
            })
          }
        }
    }
  })
})

describe('the dashboard setup page', () => {
  test('names each category it asks an app to pick as caps does', () => {
    const names = new Map<number, string[]>()
    for (const category of TORZNAB_CATEGORIES) {
      names.set(category.id, [category.name])
      for (const sub of category.subcategories) names.set(sub.id, [sub.name, `${category.name}/${sub.name}`])
    }
    for (const row of APP_CATEGORIES)
      for (const [, id, name] of row.categories.matchAll(/(\d{4}) ([^,]+)/g))
        expect({ app: row.app, id, named: names.get(Number(id))?.includes(name!) }).toEqual({ app: row.app, id, named: true })
    expect(APP_CATEGORIES.some((row) => row.categories.includes('4050'))).toBe(true)
  })
})
