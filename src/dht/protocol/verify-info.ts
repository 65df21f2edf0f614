import { createHash } from 'node:crypto'

/**
 * Whether an info dict is the one an info hash names: its SHA-1 (v1 and hybrid torrents) or its
 * SHA-256 truncated to 20 bytes (v2 torrents in the DHT, BEP 52).
 */
export function infoMatchesHash(info: Uint8Array, infoHashHex: string): boolean {
  if (createHash('sha1').update(info).digest('hex') === infoHashHex) return true
  return createHash('sha256').update(info).digest('hex').slice(0, 40) === infoHashHex
}
