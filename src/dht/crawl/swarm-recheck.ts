import { TokenBucket } from './token-bucket'

/** A stored torrent whose swarm count is due for a check. */
export interface DueSwarm {
  id: number
  infoHash: string
  /** Unix seconds of its last check; 0 for never. */
  checkedAt: number
}

/** Where a pass over the due torrents stands: the last one handed out, in (checkedAt, id) order. */
export interface RecheckCursor {
  checkedAt: number
  id: number
}

export interface SwarmRecheckOptions {
  /** A torrent is due once its last check is this old (SERVICE_DHT_RESCRAPE_INTERVAL). */
  intervalMs: number
  /** Most checks started a second (SERVICE_DHT_RESCRAPE_RATE). */
  perSecond: number
  /** Up to `limit` torrents last checked before `beforeSeconds` and after `cursor`, oldest check first. */
  readDue(beforeSeconds: number, cursor: RecheckCursor, limit: number): Promise<DueSwarm[]>
  /** One check; settles when the DHT has answered, or not. */
  check(infoHash: string): Promise<void>
}

const FIRST: RecheckCursor = { checkedAt: 0, id: 0 }
const BATCH = 64
/** A pass that found nothing due rests this share of the interval (1 s to 10 min) before the next. */
const REST_SHARE = 0.1
const SHORTEST_REST_MS = 1_000
const LONGEST_REST_MS = 10 * 60_000

/**
 * The scheduled swarm re-check: passes over the stored torrents whose last check is older than
 * the interval, oldest check first (never-checked ones lead), starting at most `perSecond` checks
 * a second. A pass moves a cursor forward, so a torrent the DHT did not answer for is not asked
 * again until the next pass; a pass that finds nothing due rests before the next. Driven by the
 * crawl's tick, and only while the crawler crawls: a pause or quiet hours stop it with the crawl.
 */
export function createSwarmRecheck(options: SwarmRecheckOptions, startMs: number) {
  const rate = new TokenBucket(options.perSecond, startMs, Math.max(1, options.perSecond))
  // Checks wait for query tokens of the crawl's budget; past this many the rate is not the limit.
  const maxInFlight = Math.max(4, Math.ceil(options.perSecond * 2))
  const restMs = Math.min(Math.max(options.intervalMs * REST_SHARE, SHORTEST_REST_MS), LONGEST_REST_MS)
  let cursor = FIRST
  let batch: DueSwarm[] = []
  let restUntil = 0
  let inFlight = 0
  let reading = false

  /** Starts the checks the rate allows at `nowMs`; an empty batch is read first, and the starts go on once it is there. */
  const startChecks = (nowMs: number): void => {
    while (!reading && inFlight < maxInFlight && nowMs >= restUntil) {
      if (batch.length === 0) {
        reading = true
        void options.readDue(Math.floor((nowMs - options.intervalMs) / 1000), cursor, BATCH).then((rows) => {
          reading = false
          if (rows.length === 0) {
            cursor = FIRST
            restUntil = nowMs + restMs
            return
          }
          batch = rows
          startChecks(nowMs)
        })
        return
      }
      if (!rate.take(nowMs)) return
      const next = batch.shift()!
      cursor = { checkedAt: next.checkedAt, id: next.id }
      inFlight++
      void options.check(next.infoHash).finally(() => inFlight--)
    }
  }

  return {
    /** Starts the checks the rate allows at `nowMs`. */
    tick: startChecks,
  }
}

export type SwarmRecheck = ReturnType<typeof createSwarmRecheck>
