/**
 * A BitTorrent network on 127.0.0.1 for the crawler to find: bittorrent-dht nodes (some that
 * answer BEP 51 sample_infohashes, some that do not) and TCP peers that serve metadata, honestly
 * or in one of the hostile ways a crawler meets in the wild. Nothing here leaves loopback.
 */
import bencode from 'bencode'
import DHT, { type KrpcMessage, type RemoteInfo } from 'bittorrent-dht'
import Wire from 'bittorrent-protocol'
import { createHash } from 'node:crypto'
import { createServer, type Server, type Socket } from 'node:net'
import utMetadata from 'ut_metadata'

export interface SwarmNode {
  dht: DHT
  port: number
  /** BEP 51 sample_infohashes (every node answers BEP 33 scrapes). */
  answersSamples: boolean
}

export interface DhtSwarm {
  nodes: SwarmNode[]
  /** `host:port` of every node, for SERVICE_DHT_BOOTSTRAP. */
  bootstrap: string
  /** Announces `infoHash` at `peerPort` the real way (get_peers, then announce_peer). */
  announce(infoHash: string, peerPort: number): Promise<void>
  /**
   * For benchmarks with thousands of hashes: puts the peer straight into every node's store and
   * the hash into the samples of one BEP 51 node (by turns), as a large network spreads them.
   */
  plant(infoHash: string, peerPort: number): void
  /** More seeds of `infoHash`, seen only in scrape answers (the swarm grew). */
  addSeeds(infoHash: string, ipv4s: string[]): void
  /** How many sample_infohashes queries the BEP 51 nodes answered. */
  samplesAnswered(): number
  stop(): Promise<void>
}

/**
 * Starts `count` DHT nodes, the first `withSamples` of them answering sample_infohashes (with up
 * to `samplesPerAnswer` hashes; ~20 fit a 576-byte packet, ~70 a 1,500-byte one). All answer
 * BEP 33 scrapes, so a crawled torrent's swarm counts do not depend on which node was asked.
 */
export async function startDhtSwarm(count: number, withSamples: number, samplesPerAnswer = 20): Promise<DhtSwarm> {
  const nodes: SwarmNode[] = []
  const known = new Map<DHT, Set<string>>()
  const seedHosts = new Map<string, Set<string>>()
  let answered = 0
  let planted = 0
  for (let i = 0; i < count; i++) {
    const bootstrap = nodes.length ? [`127.0.0.1:${nodes[0]!.port}`] : false
    const dht = new DHT({ bootstrap, host: '127.0.0.1' })
    dht.on('warning', () => {})
    await new Promise<void>((resolve) => dht.listen(0, '127.0.0.1', resolve))
    const node = { dht, port: dht.address().port, answersSamples: i < withSamples }
    known.set(dht, new Set())
    dht.on('announce', (peer: { host: string }, infoHash: Uint8Array) => {
      const hash = Buffer.from(infoHash).toString('hex')
      known.get(dht)!.add(hash)
      seedHosts.set(hash, (seedHosts.get(hash) ?? new Set()).add(peer.host))
    })
    answerScrapes(dht, (hash) => [...(seedHosts.get(hash) ?? [])])
    if (node.answersSamples) {
      dht._rpc.on('query', (query: KrpcMessage, peer: RemoteInfo) => {
        if (String(query.q) !== 'sample_infohashes' || !query.a) return
        answered++
        const hashes = [...known.get(dht)!]
        const target = query.a.target instanceof Uint8Array ? query.a.target : dht.nodeId
        dht._rpc.response(
          peer,
          query,
          {
            id: dht.nodeId,
            interval: 0,
            num: hashes.length,
            samples: Buffer.concat(randomSubset(hashes, samplesPerAnswer).map((hash) => Buffer.from(hash, 'hex'))),
          },
          dht._rpc.nodes.closest(target, 8),
        )
      })
    }
    nodes.push(node)
  }
  // Every node learns every other, as a long-running network would have it.
  for (const node of nodes)
    for (const other of nodes) if (other !== node) node.dht.addNode({ host: '127.0.0.1', port: other.port, id: other.dht.nodeId })

  const announcer = new DHT({ bootstrap: nodes.map((node) => `127.0.0.1:${node.port}`), host: '127.0.0.1' })
  announcer.on('warning', () => {})
  await new Promise<void>((resolve) => announcer.listen(0, '127.0.0.1', resolve))
  await new Promise<void>((resolve) => announcer.once('ready', () => resolve()))

  return {
    nodes,
    bootstrap: nodes.map((node) => `127.0.0.1:${node.port}`).join(','),
    announce: (infoHash, peerPort) =>
      new Promise((resolve, reject) => announcer.announce(infoHash, peerPort, (err) => (err ? reject(err) : resolve()))),
    plant(infoHash, peerPort) {
      const compactPeer = Buffer.from([127, 0, 0, 1, peerPort >> 8, peerPort & 255])
      for (const node of nodes)
        (node.dht as unknown as { _peers: { add(key: string, value: Buffer): void } })._peers.add(infoHash, compactPeer)
      const holder = nodes[planted++ % withSamples]!
      known.get(holder.dht)!.add(infoHash)
      seedHosts.set(infoHash, new Set(['127.0.0.1']))
    },
    addSeeds(infoHash, ipv4s) {
      const hosts = seedHosts.get(infoHash) ?? new Set()
      for (const ip of ipv4s) hosts.add(ip)
      seedHosts.set(infoHash, hosts)
    },
    samplesAnswered: () => answered,
    stop: async () => {
      await Promise.all(
        [announcer, ...nodes.map((node) => node.dht)].map((dht) => new Promise<void>((resolve) => dht.destroy(() => resolve()))),
      )
    },
  }
}

/** BEP 33: every announced peer counts as a seed; the leechers' filter stays empty. */
function answerScrapes(dht: DHT, seedsOf: (infoHash: string) => string[]): void {
  const respond = dht._rpc.response.bind(dht._rpc)
  dht._rpc.response = (peer, query, response, nodes) => {
    const a = query.a
    if (String(query.q) === 'get_peers' && a?.scrape === 1 && a.info_hash instanceof Uint8Array) {
      response.BFsd = scrapeFilter(seedsOf(Buffer.from(a.info_hash).toString('hex')))
      response.BFpe = Buffer.alloc(256)
    }
    return respond(peer, query, response, nodes)
  }
}

/** The 256-byte Bloom filter of BEP 33: two 11-bit indexes from the SHA-1 of each IPv4 address. */
export function scrapeFilter(ipv4s: string[]): Buffer {
  const filter = Buffer.alloc(256)
  for (const ip of ipv4s) {
    const hash = createHash('sha1')
      .update(Buffer.from(ip.split('.').map(Number)))
      .digest()
    for (const index of [(hash[0]! | (hash[1]! << 8)) % 2048, (hash[2]! | (hash[3]! << 8)) % 2048]) filter[index >> 3]! |= 1 << (index & 7)
  }
  return filter
}

function randomSubset(items: string[], count: number): string[] {
  if (items.length <= count) return items
  const picked = new Set<string>()
  while (picked.size < count) picked.add(items[Math.floor(Math.random() * items.length)]!)
  return [...picked]
}

export type SeederBehaviour = 'honest' | 'wrong_metadata' | 'oversized' | 'stall' | 'garbage' | 'flood'

export interface Seeder {
  port: number
  connections: number
  stop(): Promise<void>
}

/**
 * A TCP peer. `honest` serves the info dict it holds for the requested hash over ut_metadata;
 * `wrong_metadata` serves another torrent's info dict for every hash; the others misbehave at
 * the wire level.
 */
export async function startSeeder(behaviour: SeederBehaviour, infoByHash: Map<string, Uint8Array>): Promise<Seeder> {
  const sockets = new Set<Socket>()
  const seeder = { port: 0, connections: 0, stop: async () => {} }
  const server: Server = createServer((socket) => {
    seeder.connections++
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
    serve(behaviour, socket, infoByHash)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  seeder.port = (server.address() as { port: number }).port
  seeder.stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy()
      server.close(() => resolve())
    })
  return seeder
}

const PEER_ID = Buffer.from('-TS0001-swarmseeder0')

function serve(behaviour: SeederBehaviour, socket: Socket, infoByHash: Map<string, Uint8Array>): void {
  if (behaviour === 'stall') return
  if (behaviour === 'garbage') {
    socket.write(Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) & 0xff)))
    return
  }
  if (behaviour === 'oversized' || behaviour === 'flood') {
    socket.once('data', (handshake: Buffer) => {
      const infoHash = handshake.subarray(28, 48)
      socket.write(rawHandshake(infoHash))
      socket.write(extendedMessage(0, { m: { ut_metadata: 3 }, metadata_size: behaviour === 'oversized' ? 50_000_000 : 100 }))
      if (behaviour === 'flood') floodFrom(socket)
    })
    return
  }
  const wire = new Wire()
  socket.pipe(wire).pipe(socket)
  wire.on('error', () => {})
  wire.on('handshake', (infoHash: string) => {
    const info = behaviour === 'honest' ? infoByHash.get(infoHash) : [...infoByHash.values()].find((_, i) => i === 0)
    if (!info) return socket.destroy()
    wire.use(utMetadata(info))
    wire.handshake(infoHash, PEER_ID, { dht: true })
  })
}

function floodFrom(socket: Socket): void {
  // A message that claims 256 MiB, then 1 MiB writes as fast as the socket takes them until the
  // crawler hangs up: paced by the reader, so the flood outruns the crawler's peer timeout however
  // busy this process is (64 KiB a turn of the event loop did not, on a loaded machine).
  socket.write(Buffer.from([0x10, 0, 0, 0]))
  const chunk = Buffer.alloc(1024 * 1024)
  const pump = () => {
    while (!socket.destroyed && socket.write(chunk)) {}
    if (!socket.destroyed) socket.once('drain', pump)
  }
  pump()
}

function rawHandshake(infoHash: Uint8Array): Buffer {
  const reserved = Buffer.alloc(8)
  reserved[5] = 0x10
  return Buffer.concat([Buffer.from([19]), Buffer.from('BitTorrent protocol'), reserved, infoHash, PEER_ID])
}

function extendedMessage(id: number, payload: unknown): Buffer {
  const body = Buffer.from(bencode.encode(payload))
  const header = Buffer.alloc(6)
  header.writeUInt32BE(body.length + 2, 0)
  header[4] = 20
  header[5] = id
  return Buffer.concat([header, body])
}
