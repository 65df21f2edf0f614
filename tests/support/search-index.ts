import { parseImportLine } from '../../src/importer'
import { createSearchService, type RankingWeights, type SearchService } from '../../src/search'
import { openSearchReader } from '../../src/store'
import { openEngineIndex } from './engine-index'
import { type EngineUnderTest, SQLITE } from './engines'
import { closeAfterSuite } from './suite-resources'

export const defaultWeights: RankingWeights = { relevance: 1, confidence: 0.3, evidence: 0.3, freshness: 0.2, freshnessHalfLifeDays: 90 }

export interface ImportRecord {
  infoHash: string
  name: string
  size?: number
  files?: { path: string; size: number }[]
  publishedAt?: number | string
  seeders?: number
  leechers?: number
}

/**
 * A real migrated index on `engine` (a temp file, or a schema on the test cluster), filled through
 * the import path, with a search service on its own read-only connections, as a search thread has.
 */
export async function openSearchIndex(
  records: ImportRecord[],
  options: { timeoutMs?: number; nowMs?: () => number; censusSize?: number; textAloneMatches?: number } = {},
  engine: EngineUnderTest = SQLITE,
) {
  const index = await openEngineIndex(engine, { batchSize: 500, flushIntervalMs: 60_000 })
  const items = records.map((record) => {
    const parsed = parseImportLine(JSON.stringify({ size: 1_000_000, ...record }))
    if (!parsed.ok) throw new Error(`bad fixture ${record.name}: ${parsed.reason}`)
    return parsed.item
  })
  // Batches of 500 as the pipeline would cut them, written straight through the ingest port.
  const now = Math.floor(Date.now() / 1000)
  for (let start = 0; start < items.length; start += 500) await index.torrents.writer.writeBatch(items.slice(start, start + 500), now)
  const reader = closeAfterSuite(await openSearchReader(index.store.searchReaderSpec({ cacheSizeMb: 2 })))
  const search: SearchService = createSearchService({
    store: reader,
    weights: defaultWeights,
    timeoutMs: options.timeoutMs ?? 10_000,
    nowMs: options.nowMs,
    censusSize: options.censusSize,
    textAloneMatches: options.textAloneMatches,
  })
  return { ...index, search, reader }
}

export type SearchIndex = Awaited<ReturnType<typeof openSearchIndex>>

/** A distinct 40-hex info hash per number. */
export const hashOf = (n: number) => n.toString(16).padStart(40, '0')
