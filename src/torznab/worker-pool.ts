import type { Logger } from '../log'
import type { RankingWeights } from '../search'
import { searchFailed, TorznabError } from './errors'
import type { TorznabAnswer } from './service'
import type { FromWorker, SearchReport, ToWorker } from './worker-messages'

export interface TorznabWorkerPoolOptions {
  size: number
  databasePath: string
  weights: RankingWeights
  timeoutMs: number
  version: string
  /** Prefix of the feed's self links (BASE_URL); '' for path-only links. */
  baseUrl: string
  log: Logger
  onSearch?: (timing: SearchReport) => void
}

interface Pending {
  resolve: (answer: TorznabAnswer) => void
  reject: (err: Error) => void
  timer: ReturnType<typeof setTimeout>
}

/** A worker that stops answering this long past the search timeout is replaced. */
const GRACE_MS = 5_000

/**
 * Torznab requests answered by a pool of worker threads (worker.ts), least busy first. A worker
 * that crashes or hangs past its search timeout is replaced and its requests answered with 203,
 * so the feed keeps working.
 */
export async function startTorznabWorkerPool(options: TorznabWorkerPoolOptions) {
  let nextId = 0
  let stopped = false
  const slots: { worker: Worker; pending: Map<number, Pending> }[] = []

  const failAll = (slot: (typeof slots)[number], reason: string) => {
    for (const [, pending] of slot.pending) {
      clearTimeout(pending.timer)
      pending.reject(searchFailed(reason))
    }
    slot.pending.clear()
  }

  const spawn = (): Promise<(typeof slots)[number]> =>
    new Promise((resolve, reject) => {
      const worker = new Worker(new URL('./worker.ts', import.meta.url).href)
      const slot = { worker, pending: new Map<number, Pending>() }
      worker.onmessage = (event: MessageEvent<FromWorker>) => {
        const message = event.data
        if (message.type === 'ready') return resolve(slot)
        const pending = slot.pending.get(message.id)
        if (!pending) return
        slot.pending.delete(message.id)
        clearTimeout(pending.timer)
        if (message.type !== 'failed' && message.search) options.onSearch?.(message.search)
        if (message.type === 'answered') pending.resolve({ contentType: message.contentType, body: message.body })
        else if (message.type === 'refused') pending.reject(new TorznabError(message.torznabCode, message.description, message.httpStatus))
        else pending.reject(new Error(message.message))
      }
      worker.onerror = (event) => {
        options.log.error('torznab worker crashed', { err: event.message })
        failAll(slot, 'the search worker stopped')
        reject(new Error(event.message))
        replace(slot)
      }
      worker.postMessage({
        type: 'init',
        databasePath: options.databasePath,
        weights: options.weights,
        timeoutMs: options.timeoutMs,
        version: options.version,
        baseUrl: options.baseUrl,
      } satisfies ToWorker)
    })

  const replace = (slot: (typeof slots)[number]) => {
    const index = slots.indexOf(slot)
    slot.worker.terminate()
    if (stopped || index < 0) return
    void spawn().then(
      (fresh) => (slots[index] = fresh),
      (err) => options.log.error('torznab worker could not start', { err }),
    )
  }

  for (let i = 0; i < options.size; i++) slots.push(await spawn())

  return {
    answer(query: string): Promise<TorznabAnswer> {
      const slot = slots.reduce((best, candidate) => (candidate.pending.size < best.pending.size ? candidate : best))
      const id = ++nextId
      return new Promise<TorznabAnswer>((resolve, reject) => {
        const timer = setTimeout(() => {
          options.log.warn('torznab worker hung past its search timeout, replacing it', { timeoutMs: options.timeoutMs })
          failAll(slot, `no answer within ${options.timeoutMs} ms`)
          replace(slot)
        }, options.timeoutMs + GRACE_MS)
        slot.pending.set(id, { resolve, reject, timer })
        slot.worker.postMessage({ type: 'answer', id, query } satisfies ToWorker)
      })
    },
    stop(): void {
      stopped = true
      for (const slot of slots) {
        failAll(slot, 'the service is stopping')
        slot.worker.terminate()
      }
    },
  }
}

export type TorznabWorkerPool = Awaited<ReturnType<typeof startTorznabWorkerPool>>
