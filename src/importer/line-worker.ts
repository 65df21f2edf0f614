/// <reference lib="webworker" />
import { type Classifier, loadClassifier } from '../classify'
import type { MetainfoLimits } from '../metainfo'
import { parseImportLine } from './import-line'
import type { LineWorkerReply, LineWorkerRequest } from './line-worker-messages'

/**
 * A line worker: parses JSON lines and classifies each torrent as a new one (no operator tags, no
 * label), off the writer's thread. The writer stores that verdict only when those assumptions
 * hold, and classifies on its own thread otherwise (src/torrents/torrent-writer.ts).
 */
declare const self: Worker
let classifier: Classifier | null = null
let limits: MetainfoLimits | undefined

const reply = (message: LineWorkerReply) => self.postMessage(message)

self.onmessage = (event: MessageEvent<LineWorkerRequest>) => {
  const message = event.data
  switch (message.type) {
    case 'init':
      try {
        limits = message.limits
        classifier = loadClassifier({ rulesPath: message.rulesPath ?? undefined })
        reply({ type: 'ready' })
      } catch (err) {
        reply({ type: 'failed', chunkId: null, message: err instanceof Error ? err.message : String(err) })
      }
      return
    case 'parse':
      try {
        reply({ type: 'parsed', chunkId: message.chunkId, results: JSON.stringify(message.lines.map(parseAndClassify)) })
      } catch (err) {
        reply({ type: 'failed', chunkId: message.chunkId, message: err instanceof Error ? err.message : String(err) })
      }
      return
    default:
      message satisfies never
  }
}

function parseAndClassify(line: string) {
  const parsed = parseImportLine(line, limits)
  if (!parsed.ok || !classifier) return parsed
  const { item } = parsed
  item.preclassified = classifier.classify({ name: item.name, sizeBytes: item.sizeBytes, files: item.files, tags: [] }, null)
  return parsed
}
