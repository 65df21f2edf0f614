import type { Logger } from '../log'
import { ArtworkApiError } from './errors'
import type { ContentKey, EnrichedType, FeedState } from './model'
import { sleep } from './request-pacer'
import { chooseMatch } from './title-match'
import type { EnrichmentStore } from './store-port'
import type { TmdbClient } from './tmdb-client'

/** A title TMDB did not know is asked again after this long (new releases get added). */
export const NOT_FOUND_RECHECK_SECONDS = 7 * 24 * 3600
/** The image base and genre names are read again after this long. */
const REFERENCE_TTL_MS = 24 * 3600 * 1000
/**
 * Torrent ids fed per step: about 28 ms of the main thread at 1M torrents, mostly the backlog's
 * random page writes (5,000 took 125 ms, up to 440), so ingest and requests never wait long.
 */
const FEED_CHUNK = 1_000
/** TMDB's poster width that suits a card (as the dashboard's posters). */
const POSTER_SIZE = 'w500'
const BACKOFF_FIRST_MS = 5_000
const BACKOFF_MAX_MS = 5 * 60_000

interface Kept<T> {
  value: Promise<T>
  atMs: number
}

export interface ContentResolverDeps {
  store: EnrichmentStore
  tmdb: TmdbClient
  /** The artwork key in force, read at every step: the artwork_api_key setting changes it without a restart. */
  apiKey: () => string | undefined
  log: Logger
  /** Titles looked up at once; the pacer still spaces their requests. */
  concurrency?: number
  /** The pause between steps when there is nothing to do. */
  idleMs?: number
  nowMs?: () => number
  /** Told each title settled (the metrics). */
  observe?: (outcome: 'resolved' | 'not_found') => void
}

/** What one step did, for tests and the bench. */
export interface StepReport {
  fed: boolean
  resolved: number
  notFound: number
  /** Set when the API failed and the resolver waits before asking again. */
  waitMs: number | null
}

/**
 * The background job of issue 19: feeds the titles of new torrents (and, the first time a key is
 * set, of the whole index, newest first) into the backlog, then looks them up a few at a time,
 * grabbed and newest first. It runs beside ingest and never holds it: feeding is a few ms of
 * writes per step, lookups write one small transaction per title. Without a key it does nothing
 * at all. When the API fails (down, slow, 429, refused key) it keeps the titles and waits: the
 * API's Retry-After, or a backoff doubling from 5 s to 5 min; a new key ends the wait.
 */
export function createContentResolver(deps: ContentResolverDeps) {
  const nowMs = deps.nowMs ?? Date.now
  const concurrency = deps.concurrency ?? 4
  const idleMs = deps.idleMs ?? 1000
  const log = deps.log
  const stopping = new AbortController()
  let failures = 0
  let waitUntilMs = 0
  let lastKey: string | undefined
  // Kept a day and shared while in flight, so lookups running at once ask for them once; a
  // failed answer is forgotten at once, to be asked again.
  let imageBase: Kept<string> | null = null
  const genreNames = new Map<EnrichedType, Kept<Map<number, string>>>()
  const keep = <T>(ask: () => Promise<T>, forget: () => void): Kept<T> => {
    const value = ask()
    value.catch(forget)
    return { value, atMs: nowMs() }
  }
  const isFresh = (kept: Kept<unknown> | null | undefined): kept is Kept<unknown> => !!kept && nowMs() - kept.atMs < REFERENCE_TTL_MS

  const imageBaseUrl = (apiKey: string): Promise<string> => {
    if (!isFresh(imageBase))
      imageBase = keep(
        () => deps.tmdb.imageBaseUrl(apiKey, stopping.signal),
        () => {
          imageBase = null
        },
      )
    return imageBase!.value
  }
  const genresOf = (type: EnrichedType, apiKey: string): Promise<Map<number, string>> => {
    let kept = genreNames.get(type)
    if (!isFresh(kept)) {
      kept = keep(
        () => deps.tmdb.genres(type, apiKey, stopping.signal),
        () => genreNames.delete(type),
      )
      genreNames.set(type, kept)
    }
    return kept!.value
  }

  /** Feeds one chunk of new torrents and one of the backfill; true when there was any. */
  const feed = async (): Promise<boolean> => {
    const { store } = deps
    let position: FeedState = await store.feedState()
    if (position.fedThrough === null) {
      position = await store.startFeeding()
      log.info('artwork backfill started', { torrentsBelow: position.backfillBefore })
    }
    let fed = false
    const top = await store.maxTorrentId()
    if (top > position.fedThrough!) {
      const to = Math.min(position.fedThrough! + FEED_CHUNK, top)
      await store.feedRange(position.fedThrough!, to, { ...position, fedThrough: to })
      position = { ...position, fedThrough: to }
      fed = true
    }
    const before = position.backfillBefore!
    if (before > 1) {
      const low = Math.max(0, before - 1 - FEED_CHUNK)
      await store.feedRange(low, before - 1, { ...position, backfillBefore: low === 0 ? 0 : low + 1 })
      if (low === 0) log.info('artwork backfill fed every torrent')
      fed = true
    }
    return fed
  }

  const resolve = async (key: ContentKey, apiKey: string): Promise<'resolved' | 'not_found'> => {
    const nowSeconds = () => Math.floor(nowMs() / 1000)
    const match = chooseMatch(key, await deps.tmdb.search(key.contentType, key.title, apiKey, stopping.signal))
    if (!match) {
      await deps.store.markNotFound(key, nowSeconds())
      return 'not_found'
    }
    const known = await deps.store.contentIdOf(key.contentType, match.tmdbId)
    if (known !== null) {
      await deps.store.linkKey(key, known, nowSeconds())
      return 'resolved'
    }
    const ids = await deps.tmdb.externalIds(key.contentType, match.tmdbId, apiKey, stopping.signal)
    const posterUrl = match.posterPath ? `${await imageBaseUrl(apiKey)}${POSTER_SIZE}${match.posterPath}` : null
    const names = await genresOf(key.contentType, apiKey)
    const genres = match.genreIds.flatMap((id) => (names.has(id) ? [{ id, name: names.get(id)! }] : []))
    await deps.store.saveMatch(key, match, ids, { posterUrl, genres: JSON.stringify(genres) }, nowSeconds())
    return 'resolved'
  }

  const backOff = (err: ArtworkApiError): number => {
    failures++
    const waitMs = err.retryAfterMs ?? Math.min(BACKOFF_FIRST_MS * 2 ** (failures - 1), BACKOFF_MAX_MS)
    waitUntilMs = nowMs() + waitMs
    if (failures === 1 || err.retryAfterMs === null) log.warn('artwork API unavailable, waiting', { waitMs, err: err.message })
    return waitMs
  }

  /** One step: the key's state, feeding, re-checks, then a few lookups. */
  const step = async (): Promise<StepReport> => {
    const report: StepReport = { fed: false, resolved: 0, notFound: 0, waitMs: null }
    const apiKey = deps.apiKey()
    const { store } = deps
    if ((await store.feedState()).artworkEnabled !== (apiKey !== undefined)) await store.setArtworkEnabled(apiKey !== undefined)
    if (apiKey === undefined) return report
    if (apiKey !== lastKey) {
      lastKey = apiKey
      failures = 0
      waitUntilMs = 0
    }
    report.fed = await feed()
    await store.requeueNotFound(Math.floor(nowMs() / 1000) - NOT_FOUND_RECHECK_SECONDS)
    if (nowMs() < waitUntilMs) {
      report.waitMs = waitUntilMs - nowMs()
      return report
    }
    const keys = await store.nextPending(concurrency * 4)
    let failed: ArtworkApiError | null = null
    const lanes = Array.from({ length: Math.min(concurrency, keys.length) }, async () => {
      for (let key = keys.shift(); key && !failed; key = keys.shift()) {
        try {
          const outcome = await resolve(key, apiKey)
          if (outcome === 'resolved') report.resolved++
          else report.notFound++
          deps.observe?.(outcome)
          failures = 0
        } catch (err) {
          if (!(err instanceof ArtworkApiError)) throw err
          failed ??= err
        }
      }
    })
    await Promise.all(lanes)
    if (failed) report.waitMs = backOff(failed)
    return report
  }

  let running: Promise<void> | null = null
  return {
    step,
    /** Runs steps until stop(): back to back while there is work, else every `idleMs` (or after the API's wait). */
    start(): void {
      running ??= (async () => {
        while (!stopping.signal.aborted) {
          let pauseMs = idleMs
          try {
            const report = await step()
            const busy = report.fed || report.resolved + report.notFound > 0
            pauseMs = report.waitMs !== null ? Math.min(report.waitMs, idleMs) : busy ? 0 : idleMs
          } catch (err) {
            if (stopping.signal.aborted) break
            log.error('artwork enrichment step failed', { err })
          }
          await sleep(pauseMs, stopping.signal).catch(() => {})
        }
      })()
    },
    /** A grabbed torrent's title jumps the backlog; resolves to how many titles moved (none when the store refused, logged). */
    prioritise(infoHash: string): Promise<number> {
      return deps.store.prioritise(infoHash).catch((err) => {
        log.warn('grabbed title not moved up the artwork backlog', { infoHash, err })
        return 0
      })
    },
    /** Ends the loop: a lookup in flight is aborted and its title stays in the backlog. */
    async stop(): Promise<void> {
      stopping.abort()
      await running
    },
  }
}

export type ContentResolver = ReturnType<typeof createContentResolver>
