/**
 * Torznab across the search threads' boundary: the thread renders the whole answer (parse,
 * search, render, gzip) and sends it as plain data; the main thread turns it back into the
 * answer or the Torznab error its routes send.
 */
import { type SearchService, SearchThreadLostError, type TorznabReply } from '../search'
import { searchFailed, TorznabError } from './errors'
import { gzipPage } from './gzip-page'
import type { TorznabAnswerer } from './routes'
import { createTorznabService } from './service'

/** In a search thread: a query string's answer, searched with the request's own `search`. */
export function createThreadAnswer(settings: { version: string; baseUrl: string }) {
  return async (query: string, gzip: boolean, search: SearchService): Promise<TorznabReply> => {
    try {
      const answer = await createTorznabService({ search, ...settings }).answer(new URLSearchParams(query))
      // Compressed here, not on the main thread that serves every HTTP request: at 16 clients
      // gzip was the main thread's largest share, and the gzipped page is a sixth to copy back.
      return { type: 'answered', contentType: answer.contentType, body: gzip ? gzipPage(answer.body) : answer.body }
    } catch (err) {
      if (!(err instanceof TorznabError)) throw err
      return { type: 'refused', torznabCode: err.torznabCode, description: err.message, httpStatus: err.httpStatus }
    }
  }
}

/** On the main thread: the threads' replies as the routes' answers, a lost thread as Torznab's "search failed". */
export function torznabAnswererOf(threads: { answer(query: string, gzip: boolean): Promise<TorznabReply> }): TorznabAnswerer {
  return {
    async answer(query, gzip) {
      let reply: TorznabReply
      try {
        reply = await threads.answer(query, gzip)
      } catch (err) {
        if (err instanceof SearchThreadLostError) throw searchFailed(err.reason)
        throw err
      }
      if (reply.type === 'refused') throw new TorznabError(reply.torznabCode, reply.description, reply.httpStatus)
      return { contentType: reply.contentType, body: reply.body, isGzipped: typeof reply.body !== 'string' }
    },
  }
}
