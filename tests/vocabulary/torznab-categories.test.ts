import { describe, expect, test } from 'bun:test'
import {
  CONTENT_TYPES,
  categoryRangesOf,
  isKnownCategory,
  parentCategoryOf,
  TORZNAB_CATEGORIES,
  torznabCategoryName,
} from '../../src/vocabulary'

describe('Torznab categories', () => {
  test('a sub-category belongs to its parent, a parent to itself; other ids to none', () => {
    expect(parentCategoryOf(5030)).toBe(5000)
    expect(parentCategoryOf(5000)).toBe(5000)
    expect(parentCategoryOf(4050)).toBe(4000)
    for (const id of [0, 5001, 9999, -2000])
      expect({ id, known: isKnownCategory(id), parent: parentCategoryOf(id) }).toEqual({ id, known: false, parent: undefined })
  })

  test('names a category as Prowlarr maps it: the parent, or parent/sub', () => {
    expect(torznabCategoryName(2000)).toBe('Movies')
    expect(torznabCategoryName(5030)).toBe('TV/SD')
    expect(torznabCategoryName(4050)).toBe('PC/Games')
    expect(torznabCategoryName(7020)).toBe('Books/EBook')
    expect(torznabCategoryName(9999)).toBeUndefined()
  })

  test('every id is declared once', () => {
    const ids = TORZNAB_CATEGORIES.flatMap((category) => [category.id, ...category.subcategories.map((sub) => sub.id)])
    expect(new Set(ids).size).toBe(ids.length)
  })

  test('the ranges of every content type are declared categories', () => {
    for (const contentType of CONTENT_TYPES)
      for (const id of categoryRangesOf(contentType).categories)
        expect({ contentType, id, known: isKnownCategory(id) }).toEqual({ contentType, id, known: true })
  })
})
