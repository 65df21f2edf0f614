import type { Logger } from '../log'
import { type RankingWeights, type SearchQuery, type SearchResult, SearchTimeoutError } from '../search'
import { searchFailed, TorznabError } from './errors'
import type { TorznabAnswer } from './service'
import type { FromWorker, SearchReport, ToWorker } from './worker-messages'

export interface TorznabWorkerPoolOptions {
  size: number
  databasePath: string
  /** Page cache of each worker's connection (SERVICE_SEARCH_CACHE_MB). */
  cacheSizeMb: number
  weights: RankingWeights
  timeoutMs: number
  version: string
  /** Prefix of the feed's self links (BASE_URL); '' for path-only links. */
  baseUrl: string
  log: Logger
  onSearch?: (timing: SearchReport) => void
  /** Called as each request goes to a thread and as its answer comes back (the idle trim's clock). */
  onActivity?: () => void
  /** How long a thread past the first may stay idle before it is stopped; IDLE_RETIRE_MS unless a test says. */
  idleRetireMs?: number
}

type Reply = Exclude<FromWorker, { type: 'ready' }>

interface Slot {
  worker: Worker
  pending: Map<number, Pending>
  /** When it was last sent a request: a thread past the first retires once idle. */
  lastUsedAt: number
}

interface Pending {
  /** Resolves or rejects the caller's promise from the worker's reply. */
  settle: (reply: Reply) => void
  /** Rejects it when the worker crashed, hung or the pool stopped. */
  fail: (reason: string) => void
  timer: ReturnType<typeof setTimeout>
}

/** What a reply of another kind than the request's means: a bug, reported as such. */
const unexpected = (reply: Reply) => (reply.type === 'failed' ? new Error(reply.message) : new Error(`unexpected ${reply.type} reply`))

/** A worker that stops answering this long past the search timeout is replaced. */
const GRACE_MS = 5_000

/** A thread past the first that has answered nothing for this long is stopped (its ~12 MB given back). */
const IDLE_RETIRE_MS = 30_000

/**
 * Torznab requests and GraphQL searches answered by a pool of worker threads (worker.ts), least
 * busy first, so no search runs on the main thread. A worker that crashes or hangs past its
 * search timeout is replaced and its requests fail (Torznab answers 203), so the service keeps working.
 *
 * The pool is elastic: one thread starts with the service, another starts when a search arrives
 * while every thread is busy (up to `size`), and a thread past the first that stays idle is
 * stopped. An idle service then holds one search thread, not `size` (issue 21: memory on a NAS).
 */
export async function startTorznabWorkerPool(options: TorznabWorkerPoolOptions) {
  let nextId = 0
  let stopped = false
  let starting = 0
  const slots: Slot[] = []

  const failAll = (slot: Slot, reason: string) => {
    for (const [, pending] of slot.pending) {
      clearTimeout(pending.timer)
      pending.fail(reason)
    }
    slot.pending.clear()
  }

  const spawn = (): Promise<Slot> =>
    new Promise((resolve, reject) => {
      const worker = new Worker(new URL('./worker.ts', import.meta.url).href)
      const slot: Slot = { worker, pending: new Map<number, Pending>(), lastUsedAt: Date.now() }
      worker.onmessage = (event: MessageEvent<FromWorker>) => {
        const message = event.data
        if (message.type === 'ready') return resolve(slot)
        const pending = slot.pending.get(message.id)
        if (!pending) return
        slot.pending.delete(message.id)
        clearTimeout(pending.timer)
        pending.settle(message)
      }
      worker.onerror = (event) => {
        options.log.error('search worker crashed', { err: event.message })
        failAll(slot, 'the search worker stopped')
        reject(new Error(event.message))
        replace(slot)
      }
      worker.postMessage({
        type: 'init',
        databasePath: options.databasePath,
        cacheSizeMb: options.cacheSizeMb,
        weights: options.weights,
        timeoutMs: options.timeoutMs,
        version: options.version,
        baseUrl: options.baseUrl,
      } satisfies ToWorker)
    })

  /**
   * Takes a dead or hung worker out of the rotation at once (a terminated worker drops what it is
   * sent, so a request routed to it would wait out the timeout) and starts another in its place.
   */
  const replace = (slot: Slot) => {
    const index = slots.indexOf(slot)
    slot.worker.terminate()
    if (index < 0) return
    slots.splice(index, 1)
    if (!stopped) startAnother()
  }

  /** A thread started beside the running ones; no request waits for it. */
  const startAnother = () => {
    starting++
    void spawn().then(
      (fresh) => {
        starting--
        if (stopped) fresh.worker.terminate()
        else slots.push(fresh)
      },
      (err) => {
        starting--
        options.log.error('search worker could not start', { err })
      },
    )
  }

  /** Another thread when every running one is busy, up to the pool's size. */
  const grow = () => {
    if (!stopped && slots.length + starting < options.size) startAnother()
  }

  slots.push(await spawn())
  const idleRetireMs = options.idleRetireMs ?? IDLE_RETIRE_MS
  const retireIdle = () => {
    const now = Date.now()
    for (const slot of slots.slice(1)) {
      if (slot.pending.size > 0 || now - slot.lastUsedAt < idleRetireMs) continue
      slots.splice(slots.indexOf(slot), 1)
      slot.worker.terminate()
    }
  }
  // A pool of one has nothing to retire.
  const retireTimer = options.size > 1 ? setInterval(retireIdle, idleRetireMs / 3) : undefined
  retireTimer?.unref()

  /** Sends one request to the least busy worker; `settle` maps its reply, `failure` a lost worker. */
  const send = <T>(request: (id: number) => ToWorker, settle: (reply: Reply) => T, failure: (reason: string) => Error): Promise<T> => {
    if (stopped || slots.length === 0) return Promise.reject(failure(stopped ? 'the service is stopping' : 'no search worker is running'))
    const slot = slots.reduce((best, candidate) => (candidate.pending.size < best.pending.size ? candidate : best))
    if (slot.pending.size > 0) grow()
    slot.lastUsedAt = Date.now()
    options.onActivity?.()
    const id = ++nextId
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        options.log.warn('search worker hung past its search timeout, replacing it', { timeoutMs: options.timeoutMs })
        failAll(slot, `no answer within ${options.timeoutMs} ms`)
        replace(slot)
      }, options.timeoutMs + GRACE_MS)
      slot.pending.set(id, {
        settle: (reply) => {
          options.onActivity?.()
          try {
            resolve(settle(reply))
          } catch (err) {
            reject(err)
          }
        },
        fail: (reason) => reject(failure(reason)),
        timer,
      })
      slot.worker.postMessage(request(id))
    })
  }

  return {
    /** The answer to a Torznab query string; gzipped (`isGzipped`) when `gzip` is asked. */
    answer(query: string, gzip = false): Promise<TorznabAnswer> {
      return send(
        (id) => ({ type: 'answer', id, query, gzip }),
        (reply) => {
          if (reply.type !== 'answered' && reply.type !== 'refused') throw unexpected(reply)
          if (reply.search) options.onSearch?.(reply.search)
          if (reply.type === 'refused') throw new TorznabError(reply.torznabCode, reply.description, reply.httpStatus)
          return { contentType: reply.contentType, body: reply.body, isGzipped: typeof reply.body !== 'string' }
        },
        searchFailed,
      )
    },
    /** A structured search (GraphQL's); rejects with SearchTimeoutError past SERVICE_SEARCH_TIMEOUT. */
    search(query: SearchQuery): Promise<SearchResult> {
      return send(
        (id) => ({ type: 'search', id, query }),
        (reply) => {
          if (reply.type === 'searched') return reply.result
          if (reply.type === 'timedOut') throw new SearchTimeoutError(reply.timeoutMs)
          throw unexpected(reply)
        },
        (reason) => new Error(`the search failed: ${reason}`),
      )
    },
    /** Threads running now (between 1 and `size`). */
    get threadCount(): number {
      return slots.length
    },
    stop(): void {
      stopped = true
      clearInterval(retireTimer)
      for (const slot of slots) {
        failAll(slot, 'the service is stopping')
        slot.worker.terminate()
      }
    },
  }
}

export type TorznabWorkerPool = Awaited<ReturnType<typeof startTorznabWorkerPool>>
