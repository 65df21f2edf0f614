/**
 * A search worker thread: its own read-only connection (WAL lets it read beside the writer), its
 * own search service, and the whole Torznab answer (parse, search, render) or GraphQL search off
 * the main thread, so two requests search at once and the main thread stays free for HTTP and ingest.
 */
import { openDatabase } from '../db'
import {
  createSearchRepository,
  createSearchService,
  type SearchQuery,
  SearchTimeoutError,
  type SearchService,
  searchKindOf,
} from '../search'
import { TorznabError } from './errors'
import { gzipPage } from './gzip-page'
import { createTorznabService, type TorznabService } from './service'
import type { FromWorker, SearchReport, ToWorker } from './worker-messages'

declare const self: Worker

/** The top of a result page is what a user picks from; its swarm counts matter most. */
const SWARM_REFRESH_ITEMS = 25

/**
 * After this long without a request the worker gives back what a burst of searches left behind:
 * SQLite's page cache (PRAGMA shrink_memory) and the garbage of the result pages (a full
 * collection). An *arr app's RSS sync comes every 15 minutes or so; holding tens of MB between
 * them is what makes a NAS's idle RSS, and the next burst refills the cache from the OS's file cache.
 */
const IDLE_TRIM_MS = 10_000

let idleTimer: ReturnType<typeof setTimeout> | undefined
let trimIdle: (() => void) | undefined

/** (Re)starts the idle countdown when a message has been handled; start-up's garbage goes too. */
const afterMessage = () => {
  clearTimeout(idleTimer)
  if (trimIdle) idleTimer = setTimeout(trimIdle, IDLE_TRIM_MS)
}

let search: SearchService | undefined
let torznab: TorznabService | undefined
let lastSearch: SearchReport | null = null

const post = (message: FromWorker) => self.postMessage(message)

function timed(service: SearchService): SearchService {
  return {
    search(query: SearchQuery) {
      const startedAt = performance.now()
      const kind = searchKindOf(query)
      const result = service.search(query)
      lastSearch = {
        kind,
        seconds: (performance.now() - startedAt) / 1000,
        infoHashes: kind === 'feed' ? [] : result.items.slice(0, SWARM_REFRESH_ITEMS).map((item) => item.infoHash),
      }
      return result
    },
  }
}

self.onmessage = (event: MessageEvent<ToWorker>) => {
  try {
    handle(event.data)
  } finally {
    afterMessage()
  }
}

function handle(message: ToWorker): void {
  switch (message.type) {
    case 'init': {
      const db = openDatabase(message.databasePath, { readonly: true, cacheSizeMb: message.cacheSizeMb })
      trimIdle = () => {
        db.sqlite.run('PRAGMA shrink_memory')
        Bun.gc(true)
      }
      search = createSearchService({
        repository: createSearchRepository(db.sqlite),
        weights: message.weights,
        timeoutMs: message.timeoutMs,
      })
      torznab = createTorznabService({ search: timed(search), version: message.version, baseUrl: message.baseUrl })
      post({ type: 'ready' })
      return
    }
    case 'answer': {
      lastSearch = null
      try {
        const answer = torznab!.answer(new URLSearchParams(message.query))
        // Compressed here, not on the main thread that serves every HTTP request: at 16 clients
        // gzip was the main thread's largest share, and the gzipped page is a sixth to copy back.
        const body = message.gzip ? gzipPage(answer.body) : answer.body
        const reply: FromWorker = { type: 'answered', id: message.id, contentType: answer.contentType, body, search: lastSearch }
        if (typeof body === 'string') post(reply)
        else self.postMessage(reply, [body.buffer])
      } catch (err) {
        if (err instanceof TorznabError) {
          post({
            type: 'refused',
            id: message.id,
            torznabCode: err.torznabCode,
            description: err.message,
            httpStatus: err.httpStatus,
            search: lastSearch,
          })
        } else {
          post({ type: 'failed', id: message.id, message: err instanceof Error ? (err.stack ?? err.message) : String(err) })
        }
      }
      return
    }
    case 'search': {
      try {
        post({ type: 'searched', id: message.id, result: search!.search(message.query) })
      } catch (err) {
        if (err instanceof SearchTimeoutError) post({ type: 'timedOut', id: message.id, timeoutMs: err.timeoutMs })
        else post({ type: 'failed', id: message.id, message: err instanceof Error ? (err.stack ?? err.message) : String(err) })
      }
      return
    }
    default: {
      const unknown: never = message
      throw new Error(`unknown message ${JSON.stringify(unknown)}`)
    }
  }
}
