/** Info hashes travel as 40 lowercase hex characters everywhere outside the database. */
const HEX_40 = /^[0-9a-f]{40}$/
const BASE32_32 = /^[A-Z2-7]{32}$/
const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/**
 * Accepts hex (any case) or the 32-character base32 form some magnets and dumps use; returns
 * lowercase hex, or undefined when the text is not a 20-byte hash.
 */
export function normaliseInfoHash(text: string): string | undefined {
  const trimmed = text.trim()
  const lower = trimmed.toLowerCase()
  if (HEX_40.test(lower)) return lower
  const upper = trimmed.toUpperCase()
  if (BASE32_32.test(upper)) return bytesToHex(decodeBase32(upper))
  return undefined
}

export function isInfoHashHex(text: string): boolean {
  return HEX_40.test(text)
}

export function hexToBytes(hex: string): Uint8Array {
  return Uint8Array.from(Buffer.from(hex, 'hex'))
}

export function bytesToHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')
}

/**
 * The first 8 bytes of an info hash as a signed big-endian integer: the key under which evicted
 * torrents are remembered (migration 0030). SHA-1 output is uniform, so a prefix is as good as
 * the whole hash for telling torrents apart by the million.
 */
export function infoHashPrefix(hash: Uint8Array): bigint {
  return new DataView(hash.buffer, hash.byteOffset, hash.byteLength).getBigInt64(0)
}

function decodeBase32(text: string): Uint8Array {
  const out = new Uint8Array(Math.floor((text.length * 5) / 8))
  let buffer = 0
  let bits = 0
  let index = 0
  for (const char of text) {
    buffer = (buffer << 5) | BASE32_ALPHABET.indexOf(char)
    bits += 5
    if (bits >= 8) {
      bits -= 8
      out[index++] = (buffer >> bits) & 0xff
    }
  }
  return out
}
