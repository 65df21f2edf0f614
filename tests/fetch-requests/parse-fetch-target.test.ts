import { describe, expect, test } from 'bun:test'
import { parseFetchTarget } from '../../src/fetch-requests'

const HEX = '0123456789abcdef0123456789abcdef01234567'
// The same hash in base32, as some magnets carry it.
const BASE32 = 'AERUKZ4JVPG66AJDIVTYTK6N54ASGRLH'

describe('parseFetchTarget', () => {
  test('a bare hash, hex in any case or base32', () => {
    for (const text of [HEX, HEX.toUpperCase(), ` ${HEX}\n`, BASE32])
      expect(parseFetchTarget(text)).toEqual({ infoHash: HEX, name: null, peers: [], trackers: [] })
  })

  test('a magnet with its name, trackers and peer hints (IPv4, IPv6, host name)', () => {
    const magnet =
      `magnet:?xt=urn:btih:${BASE32}&dn=Some+Release&tr=udp%3A%2F%2Ft.example%3A1337&tr=https://t2.example/announce` +
      '&x.pe=192.0.2.1:6881&x.pe=[2001:db8::1]:51413&x.pe=peer.example:7000'
    expect(parseFetchTarget(magnet)).toEqual({
      infoHash: HEX,
      name: 'Some Release',
      trackers: ['udp://t.example:1337', 'https://t2.example/announce'],
      peers: [
        { host: '192.0.2.1', port: 6881 },
        { host: '2001:db8::1', port: 51413 },
        { host: 'peer.example', port: 7000 },
      ],
    })
  })

  test('a hybrid magnet is fetched by its v1 hash', () => {
    const target = parseFetchTarget(`magnet:?xt=urn:btmh:1220${'ab'.repeat(32)}&xt=urn:btih:${HEX}`)
    expect(typeof target === 'object' && target.infoHash).toBe(HEX)
  })

  test.each([
    ['', 'is neither a magnet URI nor an info hash'],
    [HEX.slice(1), 'is neither a magnet URI nor an info hash'],
    ['magnet:?dn=nothing', 'is a magnet without xt=urn:btih'],
    [`magnet:?xt=urn:btmh:1220${'ab'.repeat(32)}`, 'is a v2-only magnet'],
    ['magnet:?xt=urn:btih:xyz', 'has an xt=urn:btih: that is not'],
    [`magnet:?xt=urn:btih:${HEX}&x.pe=192.0.2.1`, 'has an x.pe that is not host:port'],
    [`magnet:?xt=urn:btih:${HEX}&x.pe=192.0.2.1:0`, 'has an x.pe that is not host:port'],
    [`magnet:?xt=urn:btih:${HEX}&x.pe=evil host:80`, 'has an x.pe that is not host:port'],
    [`magnet:?xt=urn:btih:${HEX}&dn=${'x'.repeat(9000)}`, 'is longer than'],
  ])('refuses %p', (text, reason) => {
    const target = parseFetchTarget(text)
    expect(typeof target).toBe('string')
    expect(target as string).toStartWith(reason)
  })
})
