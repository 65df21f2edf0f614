import type { Logger } from '../../log'
import type { PeerAddress } from '../protocol/compact'
import type { DiscoverySource } from './crawl-stats'
import type { KnownHashes } from './known-hashes'

/**
 * What became of a discovered hash: queued for metadata, known already, new but no room, or a
 * Bloom "maybe" being confirmed with the store (nearly always a hash the index holds).
 */
export type Triage = 'queued' | 'seen' | 'no_room' | 'checking'

/** A hash waiting for its metadata fetch, with the nodes and peers that pointed to it. */
export interface FetchJob {
  infoHash: string
  nodes: PeerAddress[]
  peers: PeerAddress[]
}

interface Hint {
  node?: PeerAddress
  peer?: PeerAddress
}

interface Pending {
  source: DiscoverySource
  hint: Hint
}

export interface TriageDeps {
  known: Pick<KnownHashes, 'mightHave' | 'whichKnown'>
  /** Most hashes waiting for a fetch at once. */
  queueLimit: number
  /** Seen for now, whatever the index says: not crawling, being fetched, or asked for. */
  isBusy(infoHash: string): boolean
  /** Fetched or failed lately: not tried again yet. */
  triedLately(infoHash: string, nowMs: number): boolean
  /** A hash was queued: counted as discovered by `source`. */
  discovered(source: DiscoverySource): void
  log: Logger
  nowMs?: () => number
}

/** A popular hash is seen again and again while it waits; a few hints are plenty. */
const HINTS_PER_HASH = 6
/** Maybes confirmed with one store call once this many wait (else at the next tick). */
const CONFIRM_BATCH = 64
/** Maybes past this many while a confirmation runs are passed over: they come round in a later sample. */
const MAX_PENDING = 1_024

/**
 * The crawl's triage of discovered hashes: a hash the Bloom filter has never seen is queued at
 * once; a "maybe" waits in a small set until one store call confirms a batch of them, and only
 * the ones the index does not hold are queued then (the queue's room is judged at that point).
 */
export function createTriage(deps: TriageDeps) {
  const nowMs = deps.nowMs ?? (() => Date.now())
  const queued = new Map<string, FetchJob>()
  const pending = new Map<string, Pending>()
  let confirming = false

  const addHint = (job: FetchJob, hint: Hint) => {
    if (hint.node && job.nodes.length < HINTS_PER_HASH) job.nodes.push(hint.node)
    if (hint.peer && job.peers.length < HINTS_PER_HASH) job.peers.push(hint.peer)
  }

  /** Queues a hash the index does not hold, if there is room. */
  const admit = (infoHash: string, source: DiscoverySource, hint: Hint): Triage => {
    // New, but no room: it will come round again in a later sample.
    if (queued.size >= deps.queueLimit) return 'no_room'
    queued.set(infoHash, { infoHash, nodes: hint.node ? [hint.node] : [], peers: hint.peer ? [hint.peer] : [] })
    deps.discovered(source)
    return 'queued'
  }

  const consider = (infoHash: string, source: DiscoverySource, hint: Hint): Triage => {
    if (deps.isBusy(infoHash)) return 'seen'
    const job = queued.get(infoHash)
    if (job) {
      addHint(job, hint)
      return 'seen'
    }
    if (deps.triedLately(infoHash, nowMs())) return 'seen'
    if (pending.has(infoHash)) return 'checking'
    if (!deps.known.mightHave(Buffer.from(infoHash, 'hex'))) return admit(infoHash, source, hint)
    if (pending.size >= MAX_PENDING) return 'seen'
    pending.set(infoHash, { source, hint })
    if (pending.size >= CONFIRM_BATCH) confirm()
    return 'checking'
  }

  /** Asks the store about the maybes waiting, in one call; none while the previous call runs. */
  function confirm(): void {
    if (confirming || pending.size === 0) return
    confirming = true
    const batch = [...pending]
    pending.clear()
    deps.known
      .whichKnown(batch.map(([infoHash]) => Buffer.from(infoHash, 'hex')))
      .then((known) => {
        const now = nowMs()
        batch.forEach(([infoHash, { source, hint }], i) => {
          // Things may have moved while the store answered: triaged afresh but for the filter.
          if (known[i] || deps.isBusy(infoHash) || queued.has(infoHash) || deps.triedLately(infoHash, now)) return
          admit(infoHash, source, hint)
        })
      })
      .catch((err) => deps.log.warn('known hashes not confirmed', { hashes: batch.length, err }))
      .finally(() => {
        confirming = false
      })
  }

  return {
    consider,
    confirm,
    /** The hashes waiting for a fetch, oldest first; the crawl takes them out as it starts their fetches. */
    queued,
  }
}

export type CrawlTriage = ReturnType<typeof createTriage>
