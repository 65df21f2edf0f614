import DHT, { type KrpcMessage, type RemoteInfo } from 'bittorrent-dht'
import { isIP } from 'node:net'
import type { NodeContact, PeerAddress } from './compact'
import { bump, queryTypeOf, type CrawlStats } from '../crawl/crawl-stats'
import { QueryLimiter } from '../crawl/query-limiter'
import { answerSampleInfohashes } from './sample-responder'

export interface DhtNodeOptions {
  nodeId: Uint8Array
  host: string
  port: number
  /** Saved good nodes first, then the configured routers. */
  bootstrap: PeerAddress[]
  stats: CrawlStats
  /** Hashes to offer other crawlers in our sample_infohashes answers. */
  recentHashes: () => Uint8Array[]
  /** False while the crawler is paused: every outgoing query fails at once, unsent. */
  mayQuery: () => boolean
}

export interface DhtEvents {
  /** Someone queried us: a live node to walk. */
  onQuerier(node: NodeContact): void
  /** A get_peers for this hash reached us: someone wants it, so it exists. */
  onWanted(infoHash: string): void
  /** A peer announced it has this hash, at this TCP address. */
  onAnnounced(infoHash: string, peer: PeerAddress): void
  onWarning(err: Error): void
}

export class KrpcError extends Error {
  constructor(
    message: string,
    /** The KRPC error code (204: method unknown) or the socket's code (ETIMEDOUT). */
    readonly code: number | string | undefined,
  ) {
    super(message)
  }
}

/**
 * Our DHT node. bittorrent-dht (pinned) answers ping, find_node, get_peers and announce_peer and
 * keeps the routing table; its KRPC layer carries our own queries (BEP 51 and BEP 33 are not in
 * the library). Every outgoing query, ours and the library's, passes one counting wrapper, which
 * feeds the concurrency gauges and the no-response watchdog.
 */
export async function startDhtNode(options: DhtNodeOptions, events: DhtEvents) {
  const dht = new DHT({ nodeId: options.nodeId, bootstrap: options.bootstrap.map(({ host, port }) => `${host}:${port}`), host: false })
  const rpc = dht._rpc
  const { stats } = options
  countQueries(rpc.socket, stats, options.mayQuery)
  limitIncomingQueries(rpc.socket, stats, events)

  dht.on('warning', (err: Error) => events.onWarning(err))
  dht.on('get_peers', (infoHash: unknown) => {
    if (infoHash instanceof Uint8Array && infoHash.length === 20) events.onWanted(Buffer.from(infoHash).toString('hex'))
  })
  dht.on('announce', (peer: PeerAddress, infoHash: Uint8Array) => events.onAnnounced(Buffer.from(infoHash).toString('hex'), peer))
  rpc.on('query', (query: KrpcMessage, from: RemoteInfo) => {
    bump(stats.received, queryTypeOf(query.q))
    const id = query.a?.id
    if (id instanceof Uint8Array && id.length === 20)
      events.onQuerier({ id: Buffer.from(id).toString('hex'), host: from.address, port: from.port })
  })
  answerSampleInfohashes(rpc, options.recentHashes)

  await new Promise<void>((resolve, reject) => {
    dht.once('error', reject)
    dht.listen(options.port, options.host, () => {
      dht.off('error', reject)
      resolve()
    })
  })

  return {
    id: Buffer.from(options.nodeId),
    address: () => dht.address(),
    /** One query to one node; resolves with its `r` dict. */
    query(node: PeerAddress, q: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
      return new Promise((resolve, reject) => {
        rpc.query({ host: node.host, port: node.port }, { q, a: { id: rpc.id, ...args } }, (err, reply) => {
          if (err) return reject(new KrpcError(err.message, (err as Error & { code?: number | string }).code))
          const r = reply?.r
          if (!r || typeof r !== 'object') return reject(new KrpcError('reply without r', undefined))
          resolve(r)
        })
      })
    },
    /** Nodes of the routing table closest to `target`. */
    closest(target: Uint8Array, count: number): PeerAddress[] {
      return rpc.nodes.closest(target, count).map(({ host, port }) => ({ host, port }))
    },
    routingTableSize: () => rpc.nodes.count(),
    stop: () => new Promise<void>((resolve) => dht.destroy(() => resolve())),
  }
}

export type DhtNode = Awaited<ReturnType<typeof startDhtNode>>

/**
 * Drops queries past their sender's rate before bittorrent-dht (or our BEP 51 responder) sees
 * them: both listen to the KRPC socket's `query` event, so the limit sits in its emit.
 */
function limitIncomingQueries(socket: DHT['_rpc']['socket'], stats: CrawlStats, events: DhtEvents): void {
  const limiter = new QueryLimiter()
  const emit = socket.emit.bind(socket)
  socket.emit = (event: string | symbol, ...args: unknown[]) => {
    if (event === 'query') {
      const from = args[1] as RemoteInfo
      // Per node (address and port), as the DHT counts nodes.
      if (!limiter.allow(`${from.address}:${from.port}`, Date.now())) {
        if (stats.droppedQueries++ % 1000 === 0)
          events.onWarning(new Error(`dropping queries over the rate limit, e.g. from ${from.address}:${from.port}`))
        return false
      }
    }
    return emit(event, ...args)
  }
}

function countQueries(socket: DHT['_rpc']['socket'], stats: CrawlStats, mayQuery: () => boolean): void {
  const send = socket.query.bind(socket)
  socket.query = (peer, message, cb) => {
    if (!mayQuery()) {
      // As an unanswered query would, but now: the library's pings and refreshes give up at once.
      queueMicrotask(() =>
        cb?.(Object.assign(new Error('the crawler is paused'), { code: 'EPAUSED' }), undefined as never, undefined as never),
      )
      return 0
    }
    // A hostname (a bootstrap router) is resolved first and comes back through here as an IP.
    if (!isIP(peer.host)) return send(peer, message, cb)
    const type = queryTypeOf(message.q)
    bump(stats.sent, type)
    bump(stats.inflight, type)
    return send(peer, message, (err, reply, from) => {
      bump(stats.inflight, type, -1)
      if (!err) {
        stats.responses++
        stats.lastResponseAt = Date.now()
      }
      cb?.(err, reply, from)
    })
  }
}
