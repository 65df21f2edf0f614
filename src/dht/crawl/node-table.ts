import type { NodeContact, PeerAddress } from '../protocol/compact'

/** What the crawler knows of one DHT node. Keyed by address: bootstrap nodes come without an id. */
export interface CrawlNode extends PeerAddress {
  id: string | null
  addedAt: number
  respondedAt: number | null
  /** Whether it answers BEP 51 sample_infohashes; null until asked. */
  bep51: boolean | null
  nextSampleAt: number
  queriedAt: number
  failures: number
}

/** A node that failed this many queries in a row is dropped. */
const MAX_FAILURES = 2
/** A node not to be sampled for this long may give its place to a new one. */
const PARKED_MS = 10 * 60_000

/**
 * The crawler's table of nodes to walk, apart from the routing table bittorrent-dht keeps for
 * answering queries: that one holds ~20 nodes per bucket near our id, while crawling wants many
 * nodes spread over the whole id space. Bounded by SERVICE_DHT_MAX_NODES; when full, a new node
 * replaces one that never answered, so the table fills with nodes that do.
 */
export class NodeTable {
  private readonly nodes = new Map<string, CrawlNode>()

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.nodes.size
  }

  get(address: PeerAddress): CrawlNode | undefined {
    return this.nodes.get(keyOf(address))
  }

  add(contact: PeerAddress & { id?: string | null }, now: number): boolean {
    const key = keyOf(contact)
    const known = this.nodes.get(key)
    if (known) {
      known.id ??= contact.id ?? null
      return false
    }
    if (this.nodes.size >= this.capacity && !this.evictSilentNode(now)) return false
    this.nodes.set(key, {
      host: contact.host,
      port: contact.port,
      id: contact.id ?? null,
      addedAt: now,
      respondedAt: null,
      bep51: null,
      nextSampleAt: now,
      queriedAt: 0,
      failures: 0,
    })
    return true
  }

  responded(address: PeerAddress, id: string | null, now: number): void {
    const node = this.nodes.get(keyOf(address))
    if (!node) return
    node.respondedAt = now
    node.failures = 0
    if (id) node.id = id
  }

  failed(address: PeerAddress): void {
    const key = keyOf(address)
    const node = this.nodes.get(key)
    if (node && ++node.failures >= MAX_FAILURES) this.nodes.delete(key)
  }

  /**
   * Nodes that answered before, may speak BEP 51 and whose sample interval has passed,
   * longest-waiting first. A node that never answered is asked find_node first: its silence to a
   * sample query would not tell a dead node from one without BEP 51.
   */
  dueForSampling(now: number, limit: number): CrawlNode[] {
    const due: CrawlNode[] = []
    for (const node of this.nodes.values()) {
      if (node.respondedAt !== null && node.bep51 !== false && node.nextSampleAt <= now) due.push(node)
    }
    return due.sort((a, b) => a.nextSampleAt - b.nextSampleAt).slice(0, limit)
  }

  /** The nodes asked longest ago, to ask for more nodes (find_node). */
  leastRecentlyQueried(limit: number): CrawlNode[] {
    return [...this.nodes.values()].sort((a, b) => a.queriedAt - b.queriedAt).slice(0, limit)
  }

  /** Nodes that answered, most recent first: what is worth saving for the next start. */
  responsive(limit: number): NodeContact[] {
    return [...this.nodes.values()]
      .filter((node): node is CrawlNode & { id: string; respondedAt: number } => node.respondedAt !== null && node.id !== null)
      .sort((a, b) => b.respondedAt - a.respondedAt)
      .slice(0, limit)
      .map(({ id, host, port }) => ({ id, host, port }))
  }

  /** The answering nodes whose ids are nearest `target` (XOR), to start a lookup of one hash. */
  closest(target: Uint8Array, limit: number): NodeContact[] {
    const distance = (id: string) => Buffer.from(id, 'hex').map((byte, i) => byte ^ target[i]!)
    return this.responsive(this.nodes.size)
      .map((contact) => ({ contact, distance: distance(contact.id) }))
      .sort((a, b) => Buffer.compare(a.distance, b.distance))
      .slice(0, limit)
      .map(({ contact }) => contact)
  }

  /**
   * Room for a new node: one that never answered goes first; failing that, the node whose next
   * sample is furthest off, if that is more than PARKED_MS away. Most DHT nodes ask for hours
   * between samples, and a full table of such nodes would stall discovery, while fresh nodes
   * keep arriving that can be sampled now.
   */
  private evictSilentNode(now: number): boolean {
    let parked: [string, CrawlNode] | undefined
    for (const entry of this.nodes) {
      const node = entry[1]
      if (node.respondedAt === null && node.queriedAt > 0) {
        this.nodes.delete(entry[0])
        return true
      }
      if (!parked || node.nextSampleAt > parked[1].nextSampleAt) parked = entry
    }
    if (!parked || parked[1].nextSampleAt - now < PARKED_MS) return false
    this.nodes.delete(parked[0])
    return true
  }
}

function keyOf(address: PeerAddress): string {
  return `${address.host}:${address.port}`
}
