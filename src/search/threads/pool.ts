import type { Logger } from '../../log'
import { SearchThreadLostError, SearchTimeoutError } from '../errors'
import type { SearchQuery, SearchResult } from '../model'
import type { FromSearchThread, SearchReport, SearchThreadSetup, ToSearchThread, TorznabReply } from './messages'

export interface SearchThreadPoolOptions<ReaderSpec> {
  /** The thread's entry point (src/core/threads/search-thread.ts), which opens the reader and serves the messages. */
  entry: URL
  size: number
  /** What each thread starts with; its `timeoutMs` also bounds how long the pool waits for an answer. */
  setup: SearchThreadSetup<ReaderSpec>
  log: Logger
  onSearch?: (timing: SearchReport) => void
  /** Called as each request goes to a thread and as its answer comes back (the idle trim's clock). */
  onActivity?: () => void
  /** How long a thread past the first may stay idle before it is stopped; IDLE_RETIRE_MS unless a test says. */
  idleRetireMs?: number
}

type Reply = Exclude<FromSearchThread, { type: 'ready' }>

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
 * Torznab requests and GraphQL searches answered by a pool of search threads (serve.ts), least
 * busy first, so no search runs on the main thread. A thread that crashes or hangs past its
 * search timeout is replaced and its requests fail with SearchThreadLostError (Torznab answers
 * 203), so the service keeps working.
 *
 * The pool is elastic: one thread starts with the service, another starts when a search arrives
 * while every thread is busy (up to `size`), and a thread past the first that stays idle is
 * stopped. An idle service then holds one search thread, not `size` (issue 21: memory on a NAS).
 */
export async function startSearchThreadPool<ReaderSpec>(options: SearchThreadPoolOptions<ReaderSpec>) {
  const { timeoutMs } = options.setup
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
      const worker = new Worker(options.entry.href)
      const slot: Slot = { worker, pending: new Map<number, Pending>(), lastUsedAt: Date.now() }
      worker.onmessage = (event: MessageEvent<FromSearchThread>) => {
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
      worker.postMessage({ type: 'init', setup: options.setup } satisfies ToSearchThread<ReaderSpec>)
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

  /** Sends one request to the least busy worker; `settle` maps its reply. */
  const send = <T>(request: (id: number) => ToSearchThread<ReaderSpec>, settle: (reply: Reply) => T): Promise<T> => {
    if (stopped || slots.length === 0)
      return Promise.reject(new SearchThreadLostError(stopped ? 'the service is stopping' : 'no search worker is running'))
    const slot = slots.reduce((best, candidate) => (candidate.pending.size < best.pending.size ? candidate : best))
    if (slot.pending.size > 0) grow()
    slot.lastUsedAt = Date.now()
    options.onActivity?.()
    const id = ++nextId
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        options.log.warn('search worker hung past its search timeout, replacing it', { timeoutMs })
        failAll(slot, `no answer within ${timeoutMs} ms`)
        replace(slot)
      }, timeoutMs + GRACE_MS)
      slot.pending.set(id, {
        settle: (reply) => {
          options.onActivity?.()
          try {
            resolve(settle(reply))
          } catch (err) {
            reject(err)
          }
        },
        fail: (reason) => reject(new SearchThreadLostError(reason)),
        timer,
      })
      slot.worker.postMessage(request(id))
    })
  }

  return {
    /** The answer to a Torznab query string (gzipped when `gzip` is asked), or the Torznab error to answer with. */
    answer(query: string, gzip = false): Promise<TorznabReply> {
      return send(
        (id) => ({ type: 'answer', id, query, gzip }),
        (reply) => {
          if (reply.type !== 'answered' && reply.type !== 'refused') throw unexpected(reply)
          if (reply.search) options.onSearch?.(reply.search)
          if (reply.type === 'refused')
            return { type: 'refused', torznabCode: reply.torznabCode, description: reply.description, httpStatus: reply.httpStatus }
          return { type: 'answered', contentType: reply.contentType, body: reply.body }
        },
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

export type SearchThreadPool = Awaited<ReturnType<typeof startSearchThreadPool>>
