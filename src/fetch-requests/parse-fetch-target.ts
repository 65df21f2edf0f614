import { normaliseInfoHash } from '../metainfo'
import type { FetchTarget, PeerHint } from './model'

const MAX_TEXT_CHARS = 8_192
/** Hints past these are ignored: a magnet naming hundreds of peers is not asking for a fetch. */
const MAX_PEERS = 20
const MAX_TRACKERS = 20
const BTIH = 'urn:btih:'
const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)$/i

/**
 * A magnet URI (BEP 9: `xt=urn:btih:` in hex or base32, `dn`, `tr`, `x.pe`) or a bare info hash
 * (40 hex or 32 base32). Returns the target, or why the text is refused. A v2-only magnet
 * (`urn:btmh` alone) is refused: the DHT is searched by the v1 hash.
 */
export function parseFetchTarget(text: string): FetchTarget | string {
  const trimmed = text.trim()
  if (trimmed.length > MAX_TEXT_CHARS) return `is longer than ${MAX_TEXT_CHARS} characters`
  if (!/^magnet:\?/i.test(trimmed)) {
    const infoHash = normaliseInfoHash(trimmed)
    return infoHash
      ? { infoHash, name: null, peers: [], trackers: [] }
      : 'is neither a magnet URI nor an info hash (40 hex or 32 base32 characters)'
  }
  const params = new URLSearchParams(trimmed.slice(trimmed.indexOf('?') + 1))
  const topics = params.getAll('xt')
  const btih = topics.find((topic) => topic.toLowerCase().startsWith(BTIH))
  if (!btih)
    return topics.some((topic) => topic.toLowerCase().startsWith('urn:btmh:'))
      ? 'is a v2-only magnet (urn:btmh): the DHT is searched by a v1 hash (urn:btih)'
      : 'is a magnet without xt=urn:btih:<info hash>'
  const infoHash = normaliseInfoHash(btih.slice(BTIH.length))
  if (!infoHash) return 'has an xt=urn:btih: that is not 40 hex or 32 base32 characters'
  const peers: PeerHint[] = []
  for (const hint of params.getAll('x.pe').slice(0, MAX_PEERS)) {
    const peer = parsePeerHint(hint)
    if (!peer) return `has an x.pe that is not host:port: ${JSON.stringify(hint.slice(0, 100))}`
    peers.push(peer)
  }
  const trackers = params
    .getAll('tr')
    .map((tracker) => tracker.trim())
    .filter(Boolean)
    .slice(0, MAX_TRACKERS)
  return { infoHash, name: params.get('dn')?.trim() || null, peers, trackers }
}

/** `1.2.3.4:6881`, `[::1]:6881` or `host.example:6881`. */
function parsePeerHint(text: string): PeerHint | undefined {
  const match = /^(.+):(\d{1,5})$/.exec(text.trim())
  const port = match ? Number(match[2]) : 0
  if (!match || port < 1 || port > 65535 || !HOST.test(match[1]!)) return undefined
  return { host: match[1]!.replace(/^\[(.*)\]$/, '$1'), port }
}
