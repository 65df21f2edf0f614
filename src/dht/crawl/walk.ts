import { randomBytes } from 'node:crypto'
import type { Logger } from '../../log'
import { decodeCompactNodes, decodeSamples, type PeerAddress } from '../protocol/compact'
import type { DiscoverySource } from './crawl-stats'
import { KrpcError, type DhtNode } from '../protocol/dht-node'
import type { CrawlNode, NodeTable } from './node-table'
import type { Triage } from './triage'

export interface WalkContext {
  node: DhtNode
  table: NodeTable
  now: number
  /** Takes one query token; false when the budget is spent for now. */
  take: () => boolean
  consider: (infoHash: string, source: DiscoverySource, hint: { node?: PeerAddress }) => Triage
  log: Logger
}

const SAMPLES_PER_STEP = 16
const FIND_NODES_PER_STEP = 4
/** BEP 51 lets a node ask for up to 6 hours; more than that is a broken or hostile answer. */
const MAX_INTERVAL_SECONDS = 6 * 3600
/** Floor between two samples of one node, whatever it says. */
const MIN_INTERVAL_SECONDS = 10
/** A node that gave nothing new is asked again this much later, on top of its interval. */
const NOTHING_NEW_BACKOFF_MS = 5 * 60_000
/** A node that does not speak BEP 51 is still walked for nodes; it may be asked again after this. */
const NO_BEP51_RETRY_MS = 6 * 3600_000

/**
 * One step of the walk, within the query budget: sample the nodes whose interval has passed,
 * then ask the least recently asked nodes for the nodes near a random id, which spreads the
 * table over the whole id space (four a step while it has room, one when full).
 */
export function walkStep(context: WalkContext): void {
  const { table, now } = context
  for (const candidate of table.dueForSampling(now, SAMPLES_PER_STEP)) {
    if (!context.take()) return
    void sample(context, candidate)
  }
  // A full table still asks one node a step, which keeps its nodes' liveness known.
  for (const candidate of table.leastRecentlyQueried(table.size < table.capacity ? FIND_NODES_PER_STEP : 1)) {
    if (!context.take()) return
    void findNodes(context, candidate)
  }
}

async function sample(context: WalkContext, candidate: CrawlNode): Promise<void> {
  const { table } = context
  candidate.queriedAt = context.now
  // Until the answer arrives, do not pick it again.
  candidate.nextSampleAt = context.now + MIN_INTERVAL_SECONDS * 1000
  try {
    const r = await context.node.query(candidate, 'sample_infohashes', { target: randomBytes(20) })
    const now = Date.now()
    table.responded(candidate, idOf(r), now)
    addNodes(table, r.nodes, now)
    if (!(r.samples instanceof Uint8Array)) {
      candidate.bep51 = false
      candidate.nextSampleAt = now + NO_BEP51_RETRY_MS
      return
    }
    candidate.bep51 = true
    let fresh = 0
    for (const infoHash of decodeSamples(r.samples)) {
      // A Bloom maybe being checked counts as seen: nearly every one is a hash the index holds.
      const triage = context.consider(infoHash, 'sample_infohashes', { node: candidate })
      if (triage !== 'seen' && triage !== 'checking') fresh++
    }
    const interval =
      typeof r.interval === 'number' && Number.isFinite(r.interval)
        ? Math.min(Math.max(r.interval, MIN_INTERVAL_SECONDS), MAX_INTERVAL_SECONDS)
        : MIN_INTERVAL_SECONDS
    candidate.nextSampleAt = now + interval * 1000 + (fresh === 0 ? NOTHING_NEW_BACKOFF_MS : 0)
  } catch (err) {
    // 204 "method unknown", or silence from a node that answers other queries: no BEP 51.
    const unsupported = err instanceof KrpcError && (err.code === 204 || (err.code === 'ETIMEDOUT' && candidate.respondedAt !== null))
    if (unsupported) {
      candidate.bep51 = false
      candidate.nextSampleAt = Date.now() + NO_BEP51_RETRY_MS
    } else {
      table.failed(candidate)
    }
    context.log.debug('sample_infohashes failed', { node: `${candidate.host}:${candidate.port}`, err })
  }
}

async function findNodes(context: WalkContext, candidate: CrawlNode): Promise<void> {
  const { table } = context
  candidate.queriedAt = context.now
  try {
    const r = await context.node.query(candidate, 'find_node', { target: randomBytes(20) })
    const now = Date.now()
    table.responded(candidate, idOf(r), now)
    addNodes(table, r.nodes, now)
  } catch (err) {
    table.failed(candidate)
    context.log.debug('find_node failed', { node: `${candidate.host}:${candidate.port}`, err })
  }
}

function addNodes(table: NodeTable, compact: unknown, now: number): void {
  for (const contact of decodeCompactNodes(compact)) table.add(contact, now)
}

function idOf(r: Record<string, unknown>): string | null {
  return r.id instanceof Uint8Array && r.id.length === 20 ? Buffer.from(r.id).toString('hex') : null
}
