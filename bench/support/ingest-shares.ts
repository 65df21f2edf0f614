import { loadClassifier } from '../../src/classify'
import { parseImportRecord } from '../../src/importer/import-line'
import type { IngestItem } from '../../src/ingest'
import { searchFactsOf } from '../../src/search/document-facts'
import { openBenchIndex } from './bench-index'
import { threadCpuMs } from './measure'

export interface StepShare {
  step: string
  microsPerTorrent: number
}

/** CPU time of this thread, in µs: the process's would add the JIT's and GC's helper threads. */
const cpuMicros = () => threadCpuMs() * 1000

/**
 * Where a torrent's import time goes, step by step, each timed alone on one thread over `lines`
 * in CPU time, which a machine busy with other work inflates far less than wall time
 * (written into a fresh index at `path` in batches of 1,000, as the service does): what runs on a
 * line worker (JSON parse, record checks, classify), the hand-off of the results to the writer
 * thread (decoding the JSON a worker sends), and what the writer does (FTS facts, the
 * SQLite writes of a batch, its commit), and how much of the writes the file rows take.
 */
export function measureIngestShares(lines: string[], path: string) {
  const timed = (step: string, run: () => void): StepShare => {
    const start = cpuMicros()
    run()
    return { step, microsPerTorrent: (cpuMicros() - start) / lines.length }
  }
  const records: unknown[] = []
  const items: IngestItem[] = []
  const classifier = loadClassifier()
  const shares: StepShare[] = []
  shares.push(
    timed('JSON.parse', () => {
      for (const line of lines) records.push(JSON.parse(line))
    }),
    timed('record checks', () => {
      for (const record of records) {
        const parsed = parseImportRecord(record)
        if (parsed.ok) items.push(parsed.item)
      }
    }),
    timed('classify', () => {
      for (const item of items) {
        item.preclassified = classifier.classify({ name: item.name, sizeBytes: item.sizeBytes, files: item.files, tags: [] }, null)
      }
    }),
  )
  // Encoded on a worker; the writer's thread only decodes.
  const chunksJson: string[] = []
  for (let i = 0; i < items.length; i += 256) chunksJson.push(JSON.stringify(items.slice(i, i + 256)))
  shares.push(
    timed("hand-off to the writer (decoding a chunk's JSON)", () => {
      for (const chunk of chunksJson) JSON.parse(chunk)
    }),
    timed('FTS facts (JS)', () => {
      for (const item of items) if (item.preclassified?.deletedBy === null) searchFactsOf(item.preclassified.classification)
    }),
  )
  // A batch's commit is timed in a second index, inside an outer transaction of its own (the
  // writer's then becomes a savepoint, which costs more, so the writes are timed in a first one
  // as the service runs them, and the commit taken out of that).
  const now = Math.floor(Date.now() / 1000)
  const writeAll = (indexPath: string, isCommitApart: boolean, withFiles = true): number => {
    const { db, writer } = openBenchIndex(indexPath, { importWorkers: '0' })
    let micros = 0
    for (let i = 0; i < items.length; i += 1000) {
      const batch = items.slice(i, i + 1000).map((item) => (withFiles ? item : { ...item, files: null }))
      if (!isCommitApart) {
        const start = cpuMicros()
        writer.writeBatch(batch, now)
        micros += cpuMicros() - start
        continue
      }
      db.sqlite.run('BEGIN IMMEDIATE')
      writer.writeBatch(batch, now)
      const start = cpuMicros()
      db.sqlite.run('COMMIT')
      micros += cpuMicros() - start
    }
    db.close()
    return micros
  }
  const batchMicros = writeAll(path, false)
  const commitMicros = writeAll(`${path}-commit`, true)
  // The same batches without their file lists (the classifications stay the ones made with them).
  const fileRowMicros = batchMicros - writeAll(`${path}-no-files`, false, false)
  shares.push(
    {
      step: 'SQLite writes (rows, files, classification, feed keys, FTS row)',
      microsPerTorrent: (batchMicros - commitMicros) / items.length,
    },
    { step: 'commit', microsPerTorrent: commitMicros / items.length },
  )
  const fileRows = items.reduce((total, item) => total + (item.files?.length ?? 0), 0)
  return { shares, fileRowsPerTorrent: fileRows / items.length, fileRowMicrosPerTorrent: fileRowMicros / items.length }
}
