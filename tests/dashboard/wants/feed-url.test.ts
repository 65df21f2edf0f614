import { describe, expect, test } from 'bun:test'
import { wantFeedUrl } from '../../../src/dashboard/wants/feed-url'
import { CONTENT_TYPES, categoryRangesOf } from '../../../src/vocabulary'

describe('wantFeedUrl', () => {
  test('is the Torznab search for the query in its content type’s categories, with the key', () => {
    const url = new URL(wantFeedUrl({ query: 'dune part two', content_type: 'movie' }, 'http://nas:3333', 'key-0123456789abcdef'))
    expect(url.origin + url.pathname).toBe('http://nas:3333/torznab/api')
    expect(Object.fromEntries(url.searchParams)).toEqual({ t: 'search', q: 'dune part two', cat: '2000', apikey: 'key-0123456789abcdef' })
  })

  test('leaves the key out when the feed is open, and reads tv as tv_show', () => {
    const url = new URL(wantFeedUrl({ query: 'the bear s03', content_type: 'tv' }, 'http://nas:3333', null))
    expect(url.searchParams.get('cat')).toBe('5000')
    expect(url.searchParams.has('apikey')).toBe(false)
  })

  test('a query with & # and non-Latin text stays one parameter', () => {
    const url = new URL(wantFeedUrl({ query: 'Tom & Jerry #1 機動戦士', content_type: 'other' }, 'http://nas:3333', 'k&ey=1'))
    expect(url.searchParams.get('q')).toBe('Tom & Jerry #1 機動戦士')
    expect(url.searchParams.get('apikey')).toBe('k&ey=1')
  })

  test('its categories are the core’s, for every content type', () => {
    for (const contentType of CONTENT_TYPES) {
      const categories = new URL(wantFeedUrl({ query: 'q', content_type: contentType }, 'http://nas:3333', null)).searchParams.get('cat')
      expect({ contentType, categories }).toEqual({ contentType, categories: categoryRangesOf(contentType).categories.join(',') })
    }
  })
})
