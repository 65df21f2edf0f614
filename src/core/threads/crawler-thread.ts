/**
 * The crawler's thread: opens its readers of the index from the specs the start message carries
 * and serves the crawl (src/dht's serveCrawler) over the worker's messages.
 */
import { serveCrawler } from '../../dht'
import { openDueSwarmsReader, openKnownHashesReader, type ReaderSpec } from '../../store'

declare const self: Worker

serveCrawler<ReaderSpec>(
  {
    post: (message) => self.postMessage(message),
    onMessage: (handle) => {
      self.onmessage = (event) => handle(event.data)
    },
  },
  async (specs) => ({
    known: await openKnownHashesReader(specs.knownHashes),
    dueSwarms: specs.dueSwarms ? await openDueSwarmsReader(specs.dueSwarms) : null,
  }),
)
