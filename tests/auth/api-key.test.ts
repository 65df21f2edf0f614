import { describe, expect, test } from 'bun:test'
import { constantTimeEqual, isAuthorised, presentedApiKeys } from '../../src/auth/api-key'

const KEY = 'feed-key-0123456789'
const request = (query = '', headers: Record<string, string> = {}) => new Request(`http://localhost/torznab/api${query}`, { headers })
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`

describe('presentedApiKeys', () => {
  test('reads ?apikey=, a Bearer token and an HTTP basic password, in that order', () => {
    expect(presentedApiKeys(request(`?t=caps&apikey=${KEY}`))).toEqual([KEY])
    expect(presentedApiKeys(request('', { authorization: `Bearer ${KEY}` }))).toEqual([KEY])
    expect(presentedApiKeys(request('', { authorization: basic('sonarr', KEY) }))).toEqual([KEY])
    expect(presentedApiKeys(request('?apikey=from-query', { authorization: 'Bearer from-header' }))).toEqual(['from-query', 'from-header'])
  })

  test('takes the parameter name in any case, as Torznab names are', () => {
    expect(presentedApiKeys(request(`?t=caps&APIKEY=${KEY}`))).toEqual([KEY])
    expect(presentedApiKeys(request(`?ApiKey=${KEY}`))).toEqual([KEY])
    expect(isAuthorised(request(`?T=search&APIKEY=${KEY}`), KEY)).toBe(true)
    // One attempt per request: a second apikey is not tried.
    expect(presentedApiKeys(request(`?apikey=wrong&APIKEY=${KEY}`))).toEqual(['wrong'])
  })

  test('takes the scheme in any case, and a basic password with colons whole', () => {
    expect(presentedApiKeys(request('', { authorization: `bEaReR ${KEY}` }))).toEqual([KEY])
    expect(presentedApiKeys(request('', { authorization: basic('user', 'pass:with:colons') }))).toEqual(['pass:with:colons'])
  })

  test('finds nothing in an empty apikey, a bare scheme or another scheme', () => {
    expect(presentedApiKeys(request('?apikey='))).toEqual([])
    expect(presentedApiKeys(request('', { authorization: 'Bearer' }))).toEqual([])
    expect(presentedApiKeys(request('', { authorization: `Digest ${KEY}` }))).toEqual([])
  })
})

describe('isAuthorised', () => {
  test('accepts the configured key from any place it may be presented', () => {
    expect(isAuthorised(request(`?apikey=${KEY}`), KEY)).toBe(true)
    expect(isAuthorised(request('', { authorization: `Bearer ${KEY}` }), KEY)).toBe(true)
    expect(isAuthorised(request('', { authorization: basic('radarr', KEY) }), KEY)).toBe(true)
  })

  test('refuses no key, a wrong key and a key differing only in length', () => {
    expect(isAuthorised(request(), KEY)).toBe(false)
    expect(isAuthorised(request('?apikey=wrong'), KEY)).toBe(false)
    expect(isAuthorised(request(`?apikey=${KEY}x`), KEY)).toBe(false)
    expect(isAuthorised(request(`?apikey=${KEY.slice(0, -1)}`), KEY)).toBe(false)
  })

  test('accepts every request when no key is configured (undefined or empty)', () => {
    expect(isAuthorised(request(), undefined)).toBe(true)
    expect(isAuthorised(request('?apikey=anything'), '')).toBe(true)
  })
})

describe('constantTimeEqual', () => {
  test('is true only for equal strings', () => {
    expect(constantTimeEqual(KEY, KEY)).toBe(true)
    expect(constantTimeEqual(KEY, `${KEY.slice(0, -1)}X`)).toBe(false)
  })

  test('compares strings of different lengths without throwing, as unequal', () => {
    expect(constantTimeEqual('short', 'much-longer-key')).toBe(false)
    expect(constantTimeEqual('much-longer-key', 'short')).toBe(false)
    expect(constantTimeEqual('', KEY)).toBe(false)
  })

  test('compares bytes, so a multi-byte character is not equal to its look-alike', () => {
    expect(constantTimeEqual('ké', 'ké')).toBe(true)
    expect(constantTimeEqual('ké', 'ke\u0301')).toBe(false)
  })
})
