import { describe, expect, test } from 'bun:test'
import { CONTENT_TYPES, contentTypeLabel, isContentType, resolveTvAlias, WANT_CONTENT_TYPES } from '../../src/vocabulary'

describe('content types', () => {
  test('a want may name each content type, and tv beside tv_show', () => {
    expect(WANT_CONTENT_TYPES).toEqual([
      'movie',
      'tv_show',
      'tv',
      'music',
      'audiobook',
      'ebook',
      'comic',
      'software',
      'game',
      'xxx',
      'other',
    ])
  })

  test('tv is read as tv_show; other text, known or not, is left as it is', () => {
    expect(resolveTvAlias('tv')).toBe('tv_show')
    expect(resolveTvAlias('TV')).toBe('TV')
    expect(resolveTvAlias('movie')).toBe('movie')
  })

  test('only the content types are content types: not the alias, unknown, another case or inherited names', () => {
    for (const type of CONTENT_TYPES) expect(isContentType(type)).toBe(true)
    for (const value of ['tv', 'unknown', 'Movie', 'toString', '', null, 1])
      expect({ value, is: isContentType(value) }).toEqual({ value, is: false })
  })

  test('labels each type, the alias and the unclassified bucket; shows anything else as sent', () => {
    expect(contentTypeLabel('tv_show')).toBe('TV show')
    expect(contentTypeLabel('tv')).toBe('TV show')
    expect(contentTypeLabel('ebook')).toBe('E-book')
    expect(contentTypeLabel('unknown')).toBe('Unclassified')
    expect(contentTypeLabel('hologram')).toBe('hologram')
    expect(contentTypeLabel('constructor')).toBe('constructor')
    for (const type of CONTENT_TYPES) expect(contentTypeLabel(type)).not.toBe(type)
  })
})
