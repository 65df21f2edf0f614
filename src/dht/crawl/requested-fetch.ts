import type { PeerAddress } from '../protocol/compact'
import { FetchError } from '../protocol/fetch-error'
import type { FetchOrder } from '../thread/messages'
import type { PeerLookupResult } from '../protocol/peer-lookup'

/** A round that found no metadata is followed by another this much later: peers come and go. */
export const RETRY_EVERY_MS = 30_000
const CANCEL_CHECK_MS = 250

export interface RequestedFetchDeps {
  /** A DHT get_peers walk for the hash (wider than the crawl's). */
  lookUp(infoHash: Uint8Array): Promise<PeerLookupResult>
  /** The verified info dict from the first of `peers` that gives it; throws the last FetchError. */
  fetchFrom(infoHash: string, peers: PeerAddress[]): Promise<Uint8Array>
  isCancelled(): boolean
  /** A round ended without metadata. */
  attempted(detail: string): void
}

export interface RequestedFetchResult {
  info: Uint8Array
  seeders: number | null
  leechers: number | null
}

/**
 * One fetch an operator asked for, in rounds until it succeeds or is cancelled (the main thread
 * gives up after SERVICE_DHT_FETCH_TIMEOUT): the magnet's `x.pe` peers first, directly, then the
 * peers a DHT lookup finds. Trackers (`tr`) are not contacted: the DHT and the hints suffice for
 * anything alive, and a tracker client is a second network protocol to keep safe.
 */
export async function runRequestedFetch(order: FetchOrder, deps: RequestedFetchDeps): Promise<RequestedFetchResult | null> {
  const hash = Buffer.from(order.infoHash, 'hex')
  while (!deps.isCancelled()) {
    const failures: string[] = []
    if (order.peers.length) {
      try {
        return { info: await deps.fetchFrom(order.infoHash, order.peers), seeders: null, leechers: null }
      } catch (err) {
        failures.push(`${order.peers.length} magnet peer(s): ${reasonOf(err)}`)
      }
    }
    if (deps.isCancelled()) break
    let found: PeerLookupResult = { peers: [], seeders: null, leechers: null, answered: 0 }
    try {
      found = await deps.lookUp(hash)
    } catch (err) {
      failures.push(`DHT lookup: ${reasonOf(err)}`)
    }
    const hinted = new Set(order.peers.map(keyOf))
    const fresh = found.peers.filter((peer) => !hinted.has(keyOf(peer)))
    if (fresh.length) {
      try {
        return { info: await deps.fetchFrom(order.infoHash, fresh), seeders: found.seeders, leechers: found.leechers }
      } catch (err) {
        failures.push(`${fresh.length} DHT peer(s): ${reasonOf(err)}`)
      }
    } else failures.push('no peer found in the DHT')
    if (deps.isCancelled()) break
    deps.attempted(failures.join('; '))
    for (let waited = 0; waited < RETRY_EVERY_MS && !deps.isCancelled(); waited += CANCEL_CHECK_MS) await Bun.sleep(CANCEL_CHECK_MS)
  }
  return null
}

function reasonOf(err: unknown): string {
  return err instanceof FetchError ? err.reason : err instanceof Error ? err.message : String(err)
}

function keyOf(address: PeerAddress): string {
  return `${address.host}:${address.port}`
}
