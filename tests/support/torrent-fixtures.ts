import { readFileSync } from 'node:fs'
import { join } from 'node:path'

export const TORRENT_FIXTURES_DIR = join(import.meta.dirname, '../fixtures/torrents')

export interface TorrentFixture {
  file: string
  label_content_type: string
  meta_version: number
  infohash_v1: string | null
  infohash_v2?: string
  name: string
  private?: boolean
  total_bytes: number
  file_count: number
  files: { path: string; length: number }[]
}

export const torrentFixtures: TorrentFixture[] = JSON.parse(readFileSync(join(TORRENT_FIXTURES_DIR, 'index.json'), 'utf8'))

export function readTorrentFixture(file: string): Uint8Array {
  return new Uint8Array(readFileSync(join(TORRENT_FIXTURES_DIR, file)))
}

/** The key the index must use: the v1 hash, or the truncated v2 hash of a v2-only torrent. */
export function expectedKey(fixture: TorrentFixture): string {
  return fixture.infohash_v1 ?? fixture.infohash_v2!.slice(0, 40)
}
