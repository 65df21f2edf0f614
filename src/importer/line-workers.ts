import type { Logger } from '../log'
import { DEFAULT_METAINFO_LIMITS, type MetainfoLimits } from '../metainfo'
import { type ParsedLine, parseImportLine } from './import-line'
import type { LineWorkerReply, LineWorkerRequest } from './line-worker-messages'

/** After this many crashes the pool stops replacing workers and parses on the caller's thread. */
const MAX_RESTARTS = 3
/** Threads end this long after their last chunk: the service holds their memory only while importing. */
const IDLE_STOP_MS = 30_000

export interface LineWorkersOptions {
  /** Threads to start; each compiles its own classifier (a few MB). */
  count: number
  /** The operator's rules file, as the writer's classifier was loaded with. */
  rulesPath: string | null
  /** What of a torrent is kept (SERVICE_MAX_*); the defaults when not given. */
  limits?: MetainfoLimits
  log: Logger
  /** The worker script; tests pass one that misbehaves. */
  workerUrl?: URL
}

interface Pending {
  lines: string[]
  resolve: (results: ParsedLine[]) => void
}

interface LineWorker {
  thread: Worker
  /** Chunks sent and not answered yet, oldest first (a worker answers in order). */
  pending: Map<number, Pending>
}

/**
 * Threads that parse an import's JSON lines and classify them beside the one SQLite writer, which
 * then only stores. A chunk's answer always arrives: when a worker fails or dies, its chunks are
 * parsed on the caller's thread without a verdict, and the writer classifies them as it did before
 * workers existed, so a crash costs time, never a line.
 */
export function createLineWorkers(options: LineWorkersOptions) {
  const workerUrl = options.workerUrl ?? new URL('./line-worker.ts', import.meta.url)
  const workers: LineWorker[] = []
  let nextChunkId = 0
  let restarts = 0
  let isStopped = false
  let idleTimer: ReturnType<typeof setTimeout> | undefined

  const limits = options.limits ?? DEFAULT_METAINFO_LIMITS
  const parseHere = (lines: string[]) => lines.map((line) => parseImportLine(line, limits))

  const failPending = (worker: LineWorker) => {
    for (const chunk of worker.pending.values()) chunk.resolve(parseHere(chunk.lines))
    worker.pending.clear()
  }

  /** Ends every thread on purpose (idle, or the pool stopped); their 'close' events then find nothing. */
  const endAll = () => {
    clearTimeout(idleTimer)
    for (const worker of workers.splice(0)) {
      worker.thread.terminate()
      failPending(worker)
    }
  }

  const stopWhenIdle = () => {
    if (!workers.every((worker) => worker.pending.size === 0)) return
    clearTimeout(idleTimer)
    idleTimer = setTimeout(endAll, IDLE_STOP_MS)
    idleTimer.unref()
  }

  const retire = (worker: LineWorker, reason: string) => {
    const at = workers.indexOf(worker)
    if (at < 0) return
    workers.splice(at, 1)
    worker.thread.terminate()
    failPending(worker)
    options.log.warn('an import line worker stopped; its lines are parsed and classified on the writer thread', { reason })
    if (restarts < MAX_RESTARTS) {
      restarts++
      start()
    }
  }

  const start = () => {
    const worker: LineWorker = { thread: new Worker(workerUrl), pending: new Map() }
    worker.thread.onmessage = (event: MessageEvent<LineWorkerReply>) => onReply(worker, event.data)
    worker.thread.onerror = (event) => retire(worker, event.message)
    worker.thread.addEventListener('close', () => retire(worker, 'exited'))
    post(worker, { type: 'init', rulesPath: options.rulesPath, limits })
    workers.push(worker)
  }

  const onReply = (worker: LineWorker, reply: LineWorkerReply) => {
    switch (reply.type) {
      case 'ready':
        return
      case 'parsed':
        return settle(worker, reply.chunkId, () => JSON.parse(reply.results) as ParsedLine[])
      case 'failed':
        if (reply.chunkId === null) return retire(worker, reply.message)
        options.log.warn('an import line worker failed a chunk; it is parsed on the writer thread', { reason: reply.message })
        return settle(worker, reply.chunkId, parseHere)
      default:
        reply satisfies never
    }
  }

  const settle = (worker: LineWorker, chunkId: number, results: (lines: string[]) => ParsedLine[]) => {
    const chunk = worker.pending.get(chunkId)
    if (!chunk) return
    worker.pending.delete(chunkId)
    chunk.resolve(results(chunk.lines))
    stopWhenIdle()
  }

  const post = (worker: LineWorker, message: LineWorkerRequest) => worker.thread.postMessage(message)

  return {
    /** Chunks one import may have in flight before it waits: enough to keep every worker busy. */
    get queueLimit(): number {
      return Math.max(1, workers.length) * 4
    },
    /** The lines parsed (and classified where a worker did it), in their order; never rejects. */
    parse(lines: string[]): Promise<ParsedLine[]> {
      clearTimeout(idleTimer)
      if (workers.length === 0 && restarts < MAX_RESTARTS && !isStopped) for (let i = 0; i < options.count; i++) start()
      const worker = workers.reduce<LineWorker | undefined>(
        (least, candidate) => (!least || candidate.pending.size < least.pending.size ? candidate : least),
        undefined,
      )
      if (!worker) return Promise.resolve(parseHere(lines))
      const chunkId = nextChunkId++
      return new Promise((resolve) => {
        worker.pending.set(chunkId, { lines, resolve })
        post(worker, { type: 'parse', chunkId, lines })
      })
    },
    /** Ends the threads; chunks still out are parsed here. Called after the imports have drained. */
    stop(): void {
      isStopped = true
      endAll()
    },
  }
}

export type LineWorkers = ReturnType<typeof createLineWorkers>
