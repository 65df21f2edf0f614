import { parseImportLine } from '../../src/importer'
import { createSearchService, type RankingWeights, type SearchService } from '../../src/search'
import { openSqliteSearchReader } from '../../src/store/sqlite/search/open-search-reader'
import { openTestIndex } from './test-index'

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
 * A real migrated index in a temp file, filled through the import path, with a search service on
 * its own read-only connection, as a search thread has.
 */
export function openSearchIndex(
  records: ImportRecord[],
  options: { timeoutMs?: number; nowMs?: () => number; censusSize?: number; textAloneMatches?: number } = {},
) {
  const index = openTestIndex({ batchSize: 500, flushIntervalMs: 60_000 })
  const items = records.map((record) => {
    const parsed = parseImportLine(JSON.stringify({ size: 1_000_000, ...record }))
    if (!parsed.ok) throw new Error(`bad fixture ${record.name}: ${parsed.reason}`)
    return parsed.item
  })
  // Batches of 500 as the pipeline would cut them, written straight through the ingest port: on
  // SQLite each call has committed when it returns, so the index is filled before this returns.
  const now = Math.floor(Date.now() / 1000)
  for (let start = 0; start < items.length; start += 500) void index.torrents.writer.writeBatch(items.slice(start, start + 500), now)
  const search: SearchService = createSearchService({
    store: openSqliteSearchReader(index.store.searchReaderSpec({ cacheSizeMb: 2 })),
    weights: defaultWeights,
    timeoutMs: options.timeoutMs ?? 10_000,
    nowMs: options.nowMs,
    censusSize: options.censusSize,
    textAloneMatches: options.textAloneMatches,
  })
  return { ...index, search }
}

/** A distinct 40-hex info hash per number. */
export const hashOf = (n: number) => n.toString(16).padStart(40, '0')
