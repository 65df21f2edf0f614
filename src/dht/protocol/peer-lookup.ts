import { decodeCompactNodes, decodeCompactPeers, type PeerAddress } from './compact'
import type { DhtNode } from './dht-node'
import { SwarmFilter } from './swarm-estimate'

export interface PeerLookupResult {
  peers: PeerAddress[]
  /** BEP 33 estimates; null where no node answered the scrape. */
  seeders: number | null
  leechers: number | null
  /** Nodes that answered a get_peers; 0 means the DHT said nothing (our link, or all asked were gone). */
  answered: number
}

export interface PeerLookupOptions {
  infoHash: Uint8Array
  /** Nodes to ask first: the one that sampled the hash. */
  startNodes: PeerAddress[]
  /** Peers already known (an announce told us). */
  knownPeers: PeerAddress[]
  maxPeers: number
  /** Hops towards the hash while no peer is found; 3 unless given. */
  rounds?: number
  /**
   * A swarm check, not a fetch: the walk also ends at the first round a BEP 33 filter came back
   * in. The nodes that send one are the ones that store the hash's peers, which is what is asked.
   */
  untilFiltered?: boolean
  /** Waits for a query token; every get_peers is paid for from the crawl's budget. */
  acquire: () => Promise<void>
  onAnswer: (node: PeerAddress, id: string | null) => void
  onSilence: (node: PeerAddress) => void
}

const ROUNDS = 3
const NODES_PER_ROUND = 4

/**
 * A bounded get_peers walk with BEP 33 scrape: the start nodes (or the routing table's closest),
 * then, while no peer is found, up to two hops towards the hash through the nodes they return,
 * at most four queries a hop. bittorrent-dht's own lookup would ask
 * up to its whole closest set for every hash, past any query budget.
 */
export async function lookUpPeers(node: DhtNode, options: PeerLookupOptions): Promise<PeerLookupResult> {
  const peers = new Map<string, PeerAddress>()
  for (const peer of options.knownPeers) peers.set(`${peer.host}:${peer.port}`, peer)
  const seeders = new SwarmFilter()
  const leechers = new SwarmFilter()
  const asked = new Set<string>()
  let answered = 0
  // The node that sampled the hash usually has its peers (the hash is near it): ask it alone first.
  let frontier = options.startNodes.length ? dedupe(options.startNodes) : node.closest(options.infoHash, NODES_PER_ROUND)

  // Peers found in a round end the walk: the nodes that had them are the ones near the hash.
  let nodesHadPeers = false
  const rounds = options.rounds ?? ROUNDS
  const isAnswered = () => nodesHadPeers || (options.untilFiltered === true && seeders.hasFilters)
  for (let round = 0; round < rounds && frontier.length && !isAnswered(); round++) {
    const batch = frontier.filter((candidate) => !asked.has(keyOf(candidate))).slice(0, NODES_PER_ROUND)
    const next: (PeerAddress & { id: string })[] = []
    await Promise.all(
      batch.map(async (candidate) => {
        asked.add(keyOf(candidate))
        await options.acquire()
        try {
          const r = await node.query(candidate, 'get_peers', { info_hash: options.infoHash, scrape: 1 })
          answered++
          options.onAnswer(candidate, r.id instanceof Uint8Array && r.id.length === 20 ? Buffer.from(r.id).toString('hex') : null)
          for (const peer of decodeCompactPeers(r.values)) {
            peers.set(keyOf(peer), peer)
            nodesHadPeers = true
          }
          seeders.merge(r.BFsd)
          leechers.merge(r.BFpe)
          next.push(...decodeCompactNodes(r.nodes))
        } catch {
          options.onSilence(candidate)
        }
      }),
    )
    const target = Buffer.from(options.infoHash)
    const nearer = dedupe(next.sort((a, b) => Buffer.compare(xor(a.id, target), xor(b.id, target))))
    frontier = nearer.length ? nearer : node.closest(options.infoHash, NODES_PER_ROUND)
  }
  return {
    peers: [...peers.values()].slice(0, options.maxPeers),
    seeders: seeders.estimate(),
    leechers: leechers.estimate(),
    answered,
  }
}

function xor(idHex: string, target: Buffer): Buffer {
  const id = Buffer.from(idHex, 'hex')
  for (let i = 0; i < id.length; i++) id[i]! ^= target[i]!
  return id
}

function dedupe<T extends PeerAddress>(nodes: T[]): T[] {
  const seen = new Set<string>()
  return nodes.filter((candidate) => !seen.has(keyOf(candidate)) && seen.add(keyOf(candidate)))
}

function keyOf(address: PeerAddress): string {
  return `${address.host}:${address.port}`
}
