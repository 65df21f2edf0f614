/// <reference lib="webworker" />
// The real line worker, except that a chunk holding a line with CRASH kills the thread (an
// uncaught error) before it answers: what a bug in the classifier on some record would do.
import '../../src/importer/line-worker'
import type { LineWorkerRequest } from '../../src/importer/line-worker-messages'

declare const self: Worker
const realHandler = self.onmessage!

self.onmessage = (event: MessageEvent<LineWorkerRequest>) => {
  const message = event.data
  if (message.type === 'parse' && message.lines.some((line) => line.includes('CRASH'))) {
    setTimeout(() => {
      throw new Error('line worker crashed')
    })
    return
  }
  realHandler.call(self, event)
}
