import { describe, expect, test } from 'bun:test'
import { isForeignBrowserRequest } from '../../src/http'

const at = (headers: Record<string, string>, host = '127.0.0.1:3333') =>
  new Request('http://127.0.0.1:3333/import', { method: 'POST', headers: { host, ...headers } })

describe('isForeignBrowserRequest', () => {
  test('a script, curl or an *arr app (no Origin, no Sec-Fetch-Site) is not one', () => {
    expect(isForeignBrowserRequest(at({}), null)).toBe(false)
    expect(isForeignBrowserRequest(at({ 'user-agent': 'Sonarr/4.0.9.2244 (ubuntu 22.04)' }), null)).toBe(false)
  })

  test('Sec-Fetch-Site cross-site or same-site is one, whatever Origin says', () => {
    expect(isForeignBrowserRequest(at({ 'sec-fetch-site': 'cross-site' }), null)).toBe(true)
    // Another port of the same host is same-site, not same-origin.
    expect(isForeignBrowserRequest(at({ 'sec-fetch-site': 'same-site', origin: 'http://127.0.0.1:3333' }), null)).toBe(true)
  })

  test('an Origin other than the host the request was sent to is one (browsers without Sec-Fetch-*)', () => {
    expect(isForeignBrowserRequest(at({ origin: 'http://127.0.0.1:8000' }), null)).toBe(true)
    expect(isForeignBrowserRequest(at({ origin: 'http://evil.example' }), null)).toBe(true)
    expect(isForeignBrowserRequest(at({ origin: 'null' }), null)).toBe(true)
    expect(isForeignBrowserRequest(at({ origin: 'not a url' }), null)).toBe(true)
  })

  test("the core's own pages (GraphiQL) are not one: same origin as the Host, or BASE_URL's, or the proxy's forwarded host", () => {
    expect(isForeignBrowserRequest(at({ origin: 'http://127.0.0.1:3333', 'sec-fetch-site': 'same-origin' }), null)).toBe(false)
    expect(isForeignBrowserRequest(at({ origin: 'HTTP://Indexer.LAN:3333' }, 'indexer.lan:3333'), null)).toBe(false)
    expect(isForeignBrowserRequest(at({ origin: 'https://indexer.example' }), 'https://indexer.example')).toBe(false)
    expect(
      isForeignBrowserRequest(at({ origin: 'https://indexer.example', 'x-forwarded-host': 'indexer.example' }, '127.0.0.1:3333'), null),
    ).toBe(false)
    expect(isForeignBrowserRequest(at({ 'sec-fetch-site': 'none' }), null)).toBe(false)
  })
})
