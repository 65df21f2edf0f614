/**
 * A search thread's message loop: its own reader of the index, its own search service, and the
 * whole Torznab answer (parse, search, render) or GraphQL search off the main thread, so two
 * requests search at once and the main thread stays free for HTTP and ingest. The entry point
 * (src/core/threads/search-thread.ts) opens the reader and builds what answers Torznab.
 */
import { SearchTimeoutError } from '../errors'
import { type SearchQuery, type SearchResult, searchKindOf } from '../model'
import type { SearchService } from '../service'
import type { FromSearchThread, SearchReport, SearchThreadSetup, ToSearchThread, TorznabReply } from './messages'

/** The top of a result page is what a user picks from; its swarm counts matter most. */
const SWARM_REFRESH_ITEMS = 25

/**
 * After this long without a request the thread gives back what a burst of searches left behind:
 * the reader's cache and the garbage of the result pages (a full collection). An *arr app's RSS
 * sync comes every 15 minutes or so; holding tens of MB between them is what makes a NAS's idle
 * RSS, and the next burst refills the cache from the OS's file cache.
 */
const IDLE_TRIM_MS = 10_000

/** What a thread searches and answers with, built from its setup. */
export interface SearchThreadParts {
  search: SearchService
  /** A Torznab query string's answer through `search` (gzipped when asked), or the Torznab error to answer with. */
  answerTorznab(query: string, gzip: boolean, search: SearchService): Promise<TorznabReply>
  /** Gives back the reader's cache; the loop then collects its garbage. */
  trimIdle(): void
}

export interface SearchThreadPort<ReaderSpec> {
  post(message: FromSearchThread, transfer?: Transferable[]): void
  onMessage(handle: (message: ToSearchThread<ReaderSpec>) => Promise<void>): void
}

/** Serves the thread's messages: `open` builds its parts on `init`, then each request is answered. */
export function serveSearchThread<ReaderSpec>(
  port: SearchThreadPort<ReaderSpec>,
  open: (setup: SearchThreadSetup<ReaderSpec>) => Promise<SearchThreadParts>,
): void {
  let parts: SearchThreadParts | undefined
  let idleTimer: ReturnType<typeof setTimeout> | undefined

  /** (Re)starts the idle countdown when a message has been handled; start-up's garbage goes too. */
  const afterMessage = () => {
    clearTimeout(idleTimer)
    const trim = parts?.trimIdle
    if (trim)
      idleTimer = setTimeout(() => {
        trim()
        Bun.gc(true)
      }, IDLE_TRIM_MS)
  }

  const failed = (id: number, err: unknown): FromSearchThread => ({
    type: 'failed',
    id,
    message: err instanceof Error ? (err.stack ?? err.message) : String(err),
  })

  const handle = async (message: ToSearchThread<ReaderSpec>): Promise<void> => {
    switch (message.type) {
      case 'init': {
        parts = await open(message.setup)
        port.post({ type: 'ready' })
        return
      }
      case 'answer': {
        const { search, report } = timed(parts!.search)
        try {
          const reply = await parts!.answerTorznab(message.query, message.gzip, search)
          const answered = { ...reply, id: message.id, search: report() }
          if (answered.type === 'answered' && typeof answered.body !== 'string') port.post(answered, [answered.body.buffer])
          else port.post(answered)
        } catch (err) {
          port.post(failed(message.id, err))
        }
        return
      }
      case 'search': {
        try {
          port.post({ type: 'searched', id: message.id, result: await parts!.search.search(message.query) })
        } catch (err) {
          if (err instanceof SearchTimeoutError) port.post({ type: 'timedOut', id: message.id, timeoutMs: err.timeoutMs })
          else port.post(failed(message.id, err))
        }
        return
      }
      default: {
        const unknown: never = message
        throw new Error(`unknown message ${JSON.stringify(unknown)}`)
      }
    }
  }

  port.onMessage(async (message) => {
    try {
      await handle(message)
    } finally {
      afterMessage()
    }
  })
}

/** `service` timed for one request: its report says what the request's search was, how long it took and what it found. */
function timed(service: SearchService): { search: SearchService; report: () => SearchReport | null } {
  let report: SearchReport | null = null
  return {
    search: {
      async search(query: SearchQuery): Promise<SearchResult> {
        const startedAt = performance.now()
        const kind = searchKindOf(query)
        const result = await service.search(query)
        report = {
          kind,
          seconds: (performance.now() - startedAt) / 1000,
          infoHashes: kind === 'feed' ? [] : result.items.slice(0, SWARM_REFRESH_ITEMS).map((item) => item.infoHash),
        }
        return result
      },
    },
    report: () => report,
  }
}
