import { findTopLevelValueSpan } from '../../src/metainfo/bencode-span'
import { expectedKey, readTorrentFixture, torrentFixtures } from './torrent-fixtures'

/** The info dict of every corpus torrent, byte for byte, by the key the index uses for it. */
export function fixtureInfoDicts(): Map<string, Uint8Array> {
  const infos = new Map<string, Uint8Array>()
  for (const fixture of torrentFixtures) {
    const file = readTorrentFixture(fixture.file)
    const [start, end] = findTopLevelValueSpan(file, 'info')!
    infos.set(expectedKey(fixture), file.subarray(start, end))
  }
  return infos
}
