import type { Logger } from '../log'
import { CrawlerOffError, InvalidFetchTargetError } from './errors'
import { type FetchRequest, type FetchTarget, OPEN_STATES } from './model'
import { parseFetchTarget } from './parse-fetch-target'
import type { FetchRequestStore } from './store-port'

/** The part of the crawler a fetch needs: hand it a hash (with peer hints), or take it back. */
export interface FetchCrawler {
  fetch(order: { infoHash: string; peers: { host: string; port: number }[] }): void
  cancelFetch(infoHash: string): void
}

/** Targets in one request: a paste of a page of magnets, not a bulk import (that is `cli import`). */
export const MAX_TARGETS = 50

/**
 * Fetches asked for by hash or magnet: each becomes a request, queued until the crawler's worker
 * takes it (searching), then found once the torrent is in the index (by this fetch, the crawl or
 * an import) or not found at its deadline (SERVICE_DHT_FETCH_TIMEOUT). A hash the index holds
 * already is found at once; one asked for again while open keeps its request. Requests are kept
 * in the store; open ones are taken up again after a restart, with the deadline they had. What
 * the crawler and the ingest report (attempted, onStored, refused) never rejects: a store that
 * refuses the change is logged, and the request ends at its deadline.
 */
export function createFetchService(deps: {
  store: FetchRequestStore
  /**
   * The crawler of this process. Or `elsewhere`: an `api` process whose crawlers run in processes
   * of their own (roles on PostgreSQL) keeps the requests for them, which take them up when told
   * and end them. null when SERVICE_DHT_ENABLED=false: every request is refused.
   */
  crawler: FetchCrawler | 'elsewhere' | null
  timeoutMs: number
  log: Logger
  nowMs?: () => number
}) {
  const nowMs = deps.nowMs ?? (() => Date.now())
  const crawler = deps.crawler === 'elsewhere' ? null : deps.crawler
  const deadlines = new Map<string, ReturnType<typeof setTimeout>>()

  const logged = (doing: string, infoHash: string, change: Promise<unknown>): Promise<void> =>
    change.then(
      () => {},
      (err) => deps.log.warn(`fetch request not ${doing}`, { infoHash, err }),
    )

  const close = async (infoHash: string, change: Pick<FetchRequest, 'state' | 'detail'>): Promise<void> => {
    clearTimeout(deadlines.get(infoHash))
    deadlines.delete(infoHash)
    crawler?.cancelFetch(infoHash)
    const closed = await deps.store.transition(infoHash, change, nowMs())
    if (closed) deps.log.info('fetch by hash ended', { infoHash, state: closed.state, detail: closed.detail })
  }

  const dispatch = (request: FetchRequest): void => {
    const peers = request.peers.map((peer) => {
      const at = peer.lastIndexOf(':')
      return { host: peer.slice(0, at).replace(/^\[(.*)\]$/, '$1'), port: Number(peer.slice(at + 1)) }
    })
    crawler!.fetch({ infoHash: request.infoHash, peers })
    const giveUp = async () => {
      // Stored by another process (an import through an `api` process) while this one looked.
      if ((await deps.store.indexed([request.infoHash])).has(request.infoHash))
        return close(request.infoHash, { state: 'found', detail: 'indexed' })
      const last = (await deps.store.get(request.infoHash))?.detail
      await close(request.infoHash, {
        state: 'not_found',
        detail: `not found within ${Math.round(deps.timeoutMs / 1000)} s${last ? ` (last try: ${last})` : ''}`,
      })
    }
    deadlines.set(
      request.infoHash,
      setTimeout(() => void logged('given up', request.infoHash, giveUp()), Math.max(0, request.deadlineAtMs - nowMs())),
    )
  }

  const open = async (target: FetchTarget, isIndexed: boolean): Promise<FetchRequest> => {
    const existing = await deps.store.get(target.infoHash)
    if (existing && OPEN_STATES.includes(existing.state)) return existing
    const now = nowMs()
    const request: FetchRequest = {
      infoHash: target.infoHash,
      name: target.name,
      state: 'queued',
      detail: null,
      peers: target.peers.map(({ host, port }) => (host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`)),
      trackers: target.trackers,
      requestedAtMs: now,
      updatedAtMs: now,
      deadlineAtMs: now + deps.timeoutMs,
    }
    if (isIndexed) {
      const found = { ...request, state: 'found' as const, detail: 'already in the index' }
      await deps.store.save(found)
      return found
    }
    await deps.store.save(request)
    if (crawler) dispatch(request)
    deps.log.info('fetch by hash asked for', {
      infoHash: request.infoHash,
      peers: request.peers.length,
      trackers: request.trackers.length,
      ...(!crawler && { by: 'a crawler process' }),
    })
    return request
  }

  let stopFollowing = () => {}

  /**
   * The open requests this process's crawler does not look for yet, taken up (or ended as found);
   * one pass at a time, and a pass the store fails leaves the next to run.
   */
  let takingUp: Promise<void> = Promise.resolve()
  const takeUpOpen = (): Promise<void> => {
    const pass = takingUp.then(async () => {
      const open = (await deps.store.listOpen()).filter((request) => !deadlines.has(request.infoHash))
      const indexed = await deps.store.indexed(open.map((request) => request.infoHash))
      for (const request of open) {
        if (indexed.has(request.infoHash)) await close(request.infoHash, { state: 'found', detail: 'indexed' })
        else dispatch(request)
      }
    })
    takingUp = pass.catch(() => {})
    return pass
  }

  return {
    /**
     * Opens a request per text, all checked first: one bad text (InvalidFetchTargetError naming
     * `targets[i]`) changes nothing. Rejects with CrawlerOffError when no crawler runs.
     */
    async request(texts: string[]): Promise<FetchRequest[]> {
      if (!deps.crawler) throw new CrawlerOffError()
      if (texts.length === 0 || texts.length > MAX_TARGETS)
        throw new InvalidFetchTargetError('targets', `must hold 1 to ${MAX_TARGETS} magnets or hashes, not ${texts.length}`)
      const targets = texts.map((text, index) => {
        const target = parseFetchTarget(text)
        if (typeof target === 'string') throw new InvalidFetchTargetError(`targets[${index}]`, target)
        return target
      })
      const indexed = await deps.store.indexed(targets.map((target) => target.infoHash))
      const requests: FetchRequest[] = []
      // One at a time: a hash given twice finds the request its first mention opened.
      for (const target of targets) requests.push(await open(target, indexed.has(target.infoHash)))
      return requests
    },
    list: (limit: number): Promise<FetchRequest[]> => deps.store.list(limit),
    /** The worker took it up, or a round ended without it. */
    attempted(infoHash: string, detail: string): Promise<void> {
      return logged('updated', infoHash, deps.store.transition(infoHash, { state: 'searching', detail }, nowMs()))
    },
    /** After each ingest commit: a torrent stored, by any path, ends its request. */
    async onStored(infoHashes: Iterable<string>): Promise<void> {
      for (const infoHash of infoHashes)
        if (deadlines.has(infoHash)) await logged('closed', infoHash, close(infoHash, { state: 'found', detail: 'indexed' }))
    },
    /** The fetched metadata was not stored (a classification rule deleted it, or the write failed). */
    refused(infoHash: string, reason: string): Promise<void> {
      return logged('closed', infoHash, close(infoHash, { state: 'not_found', detail: `fetched, but not stored: ${reason}` }))
    },
    /**
     * At start: the requests a previous run left open are looked for again, or end as found. Then,
     * those other processes save are taken up as the store tells of them.
     */
    async resume(): Promise<void> {
      if (!crawler) return
      stopFollowing = deps.store.onExternalChange(
        () => void takeUpOpen().catch((err) => deps.log.warn('fetch requests not taken up', { err })),
      )
      await takeUpOpen()
    },
    stop(): void {
      stopFollowing()
      for (const timer of deadlines.values()) clearTimeout(timer)
      deadlines.clear()
    },
  }
}

export type FetchService = ReturnType<typeof createFetchService>
