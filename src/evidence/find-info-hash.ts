import { normaliseInfoHash } from '../metainfo'

const HEX_HASH = /^[0-9a-f]{40}$/i
const BTIH = /xt=urn:btih:([0-9a-z]{32,40})/i

/**
 * The torrent a report is about. A torrent client's download id is the info hash (any case);
 * failing that, a magnet link or bare hash in the release fields. Usenet ids name none: null.
 */
export function findInfoHash(downloadId: string | null, releaseFields: (string | null)[]): string | null {
  if (downloadId && HEX_HASH.test(downloadId.trim())) return downloadId.trim().toLowerCase()
  for (const field of releaseFields) {
    if (!field) continue
    const hash = normaliseInfoHash(BTIH.exec(field)?.[1] ?? field)
    if (hash) return hash
  }
  return null
}
