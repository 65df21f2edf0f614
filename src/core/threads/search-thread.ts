/**
 * A search thread's entry point (started by the search thread pool, src/search/threads/pool.ts):
 * opens the thread's own reader of the index from the spec it is sent, and builds the search
 * service and the Torznab answer on it.
 */
import { createSearchService, serveSearchThread, type ToSearchThread } from '../../search'
import { openSearchReader, type ReaderSpec } from '../../store'
import { createThreadAnswer } from '../../torznab'

declare const self: Worker

serveSearchThread<ReaderSpec>(
  {
    post: (message, transfer) => self.postMessage(message, transfer ?? []),
    onMessage: (handle) => {
      self.onmessage = (event: MessageEvent<ToSearchThread<ReaderSpec>>) => void handle(event.data)
    },
  },
  async (setup) => {
    const reader = await openSearchReader(setup.reader)
    return {
      search: createSearchService({ store: reader, weights: setup.weights, timeoutMs: setup.timeoutMs }),
      answerTorznab: createThreadAnswer(setup.torznab),
      trimIdle: () => reader.trimIdle(),
    }
  },
)
