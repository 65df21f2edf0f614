import type { IngestItem, IngestPipeline, Receipt, WriteOutcome } from '../ingest'
import { ingestItemFromMetainfo } from '../ingest'
import { parseTorrentFile } from '../metainfo'
import { parseImportLine, parseImportRecord, type ParsedLine } from './import-line'

export interface Rejection {
  /** `file:line` for JSON Lines, the file path for .torrent files. */
  origin: string
  reason: string
}

export interface ImportSummary {
  imported: number
  updated: number
  rejected: number
}

/**
 * One import run (a CLI invocation or one POST /import): turns inputs into ingest items, hands
 * them to the shared pipeline and counts what became of each, so that every input ends up
 * imported, updated or rejected with a reason.
 */
export function createImportSession(deps: { pipeline: IngestPipeline; onRejected: (rejection: Rejection) => void }) {
  const summary: ImportSummary = { imported: 0, updated: 0, rejected: 0 }
  let submitted = 0

  const reject = (origin: string, reason: string) => {
    summary.rejected++
    deps.onRejected({ origin, reason })
  }

  const receiptFor = (origin: string): Receipt => ({
    origin,
    settle(outcome: WriteOutcome | Error) {
      if (outcome instanceof Error) reject(origin, `could not be stored: ${outcome.message}`)
      else if (outcome === 'deleted') reject(origin, 'deleted by a classification rule (banned content)')
      else summary[outcome]++
    },
  })

  const submitParsed = (parsed: ParsedLine, origin: string) => {
    if (!parsed.ok) return void reject(origin, parsed.reason)
    submitted++
    deps.pipeline.submit(parsed.item, receiptFor(origin))
  }

  return {
    addJsonLine(text: string, origin: string): void {
      submitParsed(parseImportLine(text), origin)
    },
    /** A record read from another indexer's database (magnetico's), checked as a JSON line is. */
    addRecord(record: unknown, origin: string): void {
      submitParsed(parseImportRecord(record), origin)
    },
    addTorrentFile(bytes: Uint8Array, origin: string): void {
      let item: IngestItem
      try {
        item = ingestItemFromMetainfo(parseTorrentFile(bytes), 'import')
      } catch (err) {
        return void reject(origin, err instanceof Error ? err.message : String(err))
      }
      submitted++
      deps.pipeline.submit(item, receiptFor(origin))
    },
    reject,
    /** Items handed to the pipeline so far (committed or still buffered). */
    get submitted(): number {
      return submitted
    },
    get summary(): Readonly<ImportSummary> {
      return summary
    },
    /** Commits what is still buffered and returns the final counts. */
    finish(): ImportSummary {
      deps.pipeline.flush()
      return { ...summary }
    },
  }
}

export type ImportSession = ReturnType<typeof createImportSession>
