import { describe, expect, test } from 'bun:test'
import { buildMagnetUri, isV2Only, parseTorrentFile } from '../../src/metainfo'
import { readTorrentFixture } from '../support/torrent-fixtures'

describe('buildMagnetUri', () => {
  test('builds a v1 magnet with a percent-encoded display name', () => {
    const uri = buildMagnetUri({ infoHash: 'c334138ef5bfc2d568ea7324e0e2a3a7ec229bdd', name: 'Sintel & Co [2010] 100%/ünï' })
    expect(uri).toBe(
      'magnet:?xt=urn:btih:c334138ef5bfc2d568ea7324e0e2a3a7ec229bdd&dn=Sintel%20%26%20Co%20%5B2010%5D%20100%25%2F%C3%BCn%C3%AF',
    )
    expect(new URL(uri).searchParams.get('dn')).toBe('Sintel & Co [2010] 100%/ünï')
  })

  test('adds the btmh multihash for a hybrid torrent', () => {
    const metainfo = parseTorrentFile(readTorrentFixture('bittorrent-v2-hybrid.torrent'))
    const uri = buildMagnetUri(metainfo)
    expect(uri).toStartWith(`magnet:?xt=urn:btih:${metainfo.infoHash}&xt=urn:btmh:1220${metainfo.infoHashV2}&dn=`)
    expect(isV2Only(metainfo)).toBe(false)
  })

  test('offers only btmh for a v2-only torrent', () => {
    const metainfo = parseTorrentFile(readTorrentFixture('bittorrent-v2-only.torrent'))
    expect(isV2Only(metainfo)).toBe(true)
    expect(buildMagnetUri(metainfo)).toBe(`magnet:?xt=urn:btmh:1220${metainfo.infoHashV2}&dn=bittorrent-v2-test`)
  })

  test('leaves dn out when there is no name', () => {
    expect(buildMagnetUri({ infoHash: 'a'.repeat(40) })).toBe(`magnet:?xt=urn:btih:${'a'.repeat(40)}`)
  })
})
