import type { Logger } from '../log'
import { CrawlerOffError, InvalidFetchTargetError } from './errors'
import { type FetchRequest, type FetchTarget, OPEN_STATES } from './model'
import { parseFetchTarget } from './parse-fetch-target'
import type { FetchRequestRepository } from './repository'

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
 * in the database; open ones are taken up again after a restart, with the deadline they had.
 */
export function createFetchService(deps: {
  repository: FetchRequestRepository
  /** null when SERVICE_DHT_ENABLED=false: every request is refused. */
  crawler: FetchCrawler | null
  timeoutMs: number
  log: Logger
  nowMs?: () => number
}) {
  const nowMs = deps.nowMs ?? (() => Date.now())
  const deadlines = new Map<string, ReturnType<typeof setTimeout>>()

  const update = (infoHash: string, change: Pick<FetchRequest, 'state' | 'detail'>): FetchRequest | undefined => {
    const request = deps.repository.get(infoHash)
    if (!request || !OPEN_STATES.includes(request.state)) return undefined
    const next = { ...request, ...change, updatedAtMs: nowMs() }
    deps.repository.save(next)
    return next
  }

  const close = (infoHash: string, change: Pick<FetchRequest, 'state' | 'detail'>): void => {
    clearTimeout(deadlines.get(infoHash))
    deadlines.delete(infoHash)
    deps.crawler?.cancelFetch(infoHash)
    const closed = update(infoHash, change)
    if (closed) deps.log.info('fetch by hash ended', { infoHash, state: closed.state, detail: closed.detail })
  }

  const dispatch = (request: FetchRequest): void => {
    const peers = request.peers.map((peer) => {
      const at = peer.lastIndexOf(':')
      return { host: peer.slice(0, at).replace(/^\[(.*)\]$/, '$1'), port: Number(peer.slice(at + 1)) }
    })
    deps.crawler!.fetch({ infoHash: request.infoHash, peers })
    const giveUp = () => {
      const last = deps.repository.get(request.infoHash)?.detail
      close(request.infoHash, {
        state: 'not_found',
        detail: `not found within ${Math.round(deps.timeoutMs / 1000)} s${last ? ` (last try: ${last})` : ''}`,
      })
    }
    deadlines.set(request.infoHash, setTimeout(giveUp, Math.max(0, request.deadlineAtMs - nowMs())))
  }

  const open = (target: FetchTarget): FetchRequest => {
    const existing = deps.repository.get(target.infoHash)
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
    if (deps.repository.isIndexed(target.infoHash)) {
      const found = { ...request, state: 'found' as const, detail: 'already in the index' }
      deps.repository.save(found)
      return found
    }
    deps.repository.save(request)
    dispatch(request)
    deps.log.info('fetch by hash asked for', { infoHash: request.infoHash, peers: request.peers.length, trackers: request.trackers.length })
    return request
  }

  return {
    /**
     * Opens a request per text, all checked first: one bad text (InvalidFetchTargetError naming
     * `targets[i]`) changes nothing. Throws CrawlerOffError when no crawler runs.
     */
    request(texts: string[]): FetchRequest[] {
      if (!deps.crawler) throw new CrawlerOffError()
      if (texts.length === 0 || texts.length > MAX_TARGETS)
        throw new InvalidFetchTargetError('targets', `must hold 1 to ${MAX_TARGETS} magnets or hashes, not ${texts.length}`)
      const targets = texts.map((text, index) => {
        const target = parseFetchTarget(text)
        if (typeof target === 'string') throw new InvalidFetchTargetError(`targets[${index}]`, target)
        return target
      })
      return targets.map(open)
    },
    list: (limit: number): FetchRequest[] => deps.repository.list(limit),
    /** The worker took it up, or a round ended without it. */
    attempted(infoHash: string, detail: string): void {
      update(infoHash, { state: 'searching', detail })
    },
    /** After each ingest commit: a torrent stored, by any path, ends its request. */
    onStored(infoHashes: Iterable<string>): void {
      for (const infoHash of infoHashes) if (deadlines.has(infoHash)) close(infoHash, { state: 'found', detail: 'indexed' })
    },
    /** The fetched metadata was not stored (a classification rule deleted it, or the write failed). */
    refused(infoHash: string, reason: string): void {
      close(infoHash, { state: 'not_found', detail: `fetched, but not stored: ${reason}` })
    },
    /** At start: the requests a previous run left open are looked for again, or expire. */
    resume(): void {
      if (!deps.crawler) return
      for (const request of deps.repository.listOpen()) {
        if (deps.repository.isIndexed(request.infoHash)) close(request.infoHash, { state: 'found', detail: 'indexed' })
        else dispatch(request)
      }
    },
    stop(): void {
      for (const timer of deadlines.values()) clearTimeout(timer)
      deadlines.clear()
    },
  }
}

export type FetchService = ReturnType<typeof createFetchService>
