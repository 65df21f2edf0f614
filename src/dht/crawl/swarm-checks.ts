import type { Logger } from '../../log'
import { bump, type CrawlStats } from './crawl-stats'
import { ExpiringSet } from './expiring-set'
import type { PeerLookupResult } from '../protocol/peer-lookup'
import { createSwarmRecheck, type DueSwarm, type RecheckCursor, type SwarmRecheckOptions } from './swarm-recheck'

/** Why a swarm was checked: someone searched for or grabbed it, or the schedule found it due. */
export type SwarmCheckTrigger = 'search' | 'schedule'

/**
 * counted: nodes sent BEP 33 filters; unknown: nodes answered without any (the counts are then
 * unknown); no_answer: no node answered, so nothing is stored and the torrent is asked again later.
 */
export type SwarmCheckOutcome = 'counted' | 'unknown' | 'no_answer'

export interface SwarmChecksDeps {
  /** A get_peers walk with scrape for the hash, its queries paid from the budget the trigger draws on. */
  lookUp(infoHash: Uint8Array, trigger: SwarmCheckTrigger): Promise<PeerLookupResult>
  /** A check the DHT answered: the counts to store (null where no node sent a filter). */
  report(infoHash: string, seeders: number | null, leechers: number | null): void
  /** The schedule (SERVICE_DHT_RESCRAPE_*) and its read of the index; null when off. */
  schedule: {
    intervalMs: number
    perSecond: number
    readDue(before: number, cursor: RecheckCursor, limit: number): Promise<DueSwarm[]>
  } | null
  stats: CrawlStats
  log: Logger
  startMs: number
}

/** A torrent's swarm is scraped for a search at most this often, however often it is searched. */
const SEARCH_RESCRAPE_AFTER_MS = 60 * 60_000
const REMEMBERED_HASHES = 50_000
const PENDING_SEARCH_CHECKS = 500
const SEARCH_CHECKS_AT_ONCE = 4

/**
 * BEP 33 swarm checks of stored torrents, both kinds: those a search or grab asks for (queued,
 * a few at once, each hash at most once an hour) and the scheduled re-check of the whole index
 * (swarm-recheck.ts). Every check the DHT answers is reported, so the stored counts and their
 * check time follow the latest one. Both run from the crawl's tick, so neither runs paused.
 */
export function createSwarmChecks(deps: SwarmChecksDeps) {
  const searchedRecently = new ExpiringSet(SEARCH_RESCRAPE_AFTER_MS, REMEMBERED_HASHES)
  const pending = new Set<string>()
  let searchChecks = 0

  async function check(infoHash: string, trigger: SwarmCheckTrigger): Promise<void> {
    let outcome: SwarmCheckOutcome = 'no_answer'
    try {
      const found = await deps.lookUp(Buffer.from(infoHash, 'hex'), trigger)
      if (found.answered > 0) {
        outcome = found.seeders !== null && found.leechers !== null ? 'counted' : 'unknown'
        deps.report(infoHash, found.seeders, found.leechers)
      }
    } catch (err) {
      deps.log.debug('swarm check failed', { infoHash, trigger, err })
    }
    bump(deps.stats.swarmChecks, `${trigger}:${outcome}`)
  }

  const schedule = deps.schedule
    ? createSwarmRecheck(
        { ...deps.schedule, readDue: failingAsEmpty(deps.schedule.readDue, deps.log), check: (infoHash) => check(infoHash, 'schedule') },
        deps.startMs,
      )
    : null

  return {
    /** Starts what may start now: queued search checks, then the schedule's. Call only while crawling. */
    tick(nowMs: number): void {
      for (const infoHash of pending) {
        if (searchChecks >= SEARCH_CHECKS_AT_ONCE) break
        pending.delete(infoHash)
        searchChecks++
        void check(infoHash, 'search').finally(() => searchChecks--)
      }
      schedule?.tick(nowMs)
    },
    /** Queues checks of torrents someone searched for or grabbed, skipping any checked for a search within the hour. */
    refresh(infoHashes: string[], nowMs: number): void {
      for (const infoHash of infoHashes) {
        if (pending.size >= PENDING_SEARCH_CHECKS) return
        if (!/^[0-9a-f]{40}$/.test(infoHash) || searchedRecently.has(infoHash, nowMs)) continue
        searchedRecently.add(infoHash, nowMs)
        pending.add(infoHash)
      }
    },
  }
}

type ReadDue = SwarmRecheckOptions['readDue']

/** A read that fails ends the pass as an empty one would: the next pass, after the rest, reads again. */
function failingAsEmpty(readDue: ReadDue, log: Logger): ReadDue {
  return (before, cursor, limit) =>
    readDue(before, cursor, limit).catch((err) => {
      log.warn('swarm re-check could not read the due torrents', { err })
      return []
    })
}

export type SwarmChecks = ReturnType<typeof createSwarmChecks>
