import type { Krpc, KrpcMessage, RemoteInfo } from 'bittorrent-dht'

/** Seconds other crawlers should wait before sampling us again (BEP 51 `interval`). */
const SAMPLE_INTERVAL_SECONDS = 300
const MAX_SAMPLES = 20

/**
 * Answers BEP 51 `sample_infohashes`, which bittorrent-dht leaves unanswered: up to 20 random
 * hashes we have seen lately, how many we know, and the nodes closest to the target, so other
 * crawlers keep us in their tables. A query without a 20-byte target gets KRPC error 203.
 */
export function answerSampleInfohashes(rpc: Krpc, recentHashes: () => Uint8Array[]): void {
  rpc.on('query', (query: KrpcMessage, from: RemoteInfo) => {
    if (String(query.q) !== 'sample_infohashes' || !query.a) return
    const target = query.a.target
    if (!(target instanceof Uint8Array) || target.length !== 20) {
      return rpc.error(from, query, [203, 'sample_infohashes needs a 20-byte target'])
    }
    const hashes = recentHashes()
    rpc.response(
      from,
      query,
      {
        id: rpc.id,
        interval: SAMPLE_INTERVAL_SECONDS,
        num: hashes.length,
        samples: Buffer.concat(pickRandom(hashes, MAX_SAMPLES)),
      },
      rpc.nodes.closest(target, 8),
    )
  })
}

function pickRandom<T>(items: T[], count: number): T[] {
  if (items.length <= count) return items
  const picked = new Set<number>()
  while (picked.size < count) picked.add(Math.floor(Math.random() * items.length))
  return [...picked].map((i) => items[i]!)
}
