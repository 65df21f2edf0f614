/**
 * The one place magnet URIs are built (BEP 9, BEP 52).
 * - v1 and hybrid torrents: `xt=urn:btih:<sha1 hex>`;
 * - with a v2 hash as well: `xt=urn:btmh:1220<sha256 hex>` (multihash 0x12 = sha2-256, 0x20 = 32 bytes);
 * - v2-only torrents get only btmh: their key is the truncated v2 hash, and offering it as btih
 *   would make v1 clients verify the metadata with SHA-1 and fail.
 */
export interface MagnetInput {
  infoHash: string
  infoHashV2?: string | null
  name?: string | null
}

export function buildMagnetUri(input: MagnetInput): string {
  const parts: string[] = []
  if (!isV2Only(input)) parts.push(`xt=urn:btih:${input.infoHash}`)
  if (input.infoHashV2) parts.push(`xt=urn:btmh:1220${input.infoHashV2}`)
  // DHT names can hold lone surrogates, on which encodeURIComponent throws (D12).
  if (input.name) parts.push(`dn=${encodeURIComponent(input.name.toWellFormed())}`)
  return `magnet:?${parts.join('&')}`
}

/** A v2-only torrent is keyed by its truncated v2 hash; a hybrid has an unrelated SHA-1 key. */
export function isV2Only(input: MagnetInput): boolean {
  return !!input.infoHashV2 && input.infoHashV2.startsWith(input.infoHash)
}
