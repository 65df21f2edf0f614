import type { IngestItem, IngestPipeline, Receipt, WriteOutcome } from '../ingest'
import { ingestItemFromMetainfo, NOT_STORED_REASONS } from '../ingest'
import { DEFAULT_METAINFO_LIMITS, type MetainfoLimits, parseTorrentFile } from '../metainfo'
import { parseImportLine, parseImportRecord, type ParsedLine } from './import-line'
import { createEventLoopTurns, TURN_EVERY_MS } from './event-loop-turns'
import type { LineWorkers } from './line-workers'

/** JSON lines sent to a line worker at a time: large enough that a message costs little per line. */
const CHUNK_LINES = 256
/**
 * A chunk goes out sooner when its lines add up to this many characters: 256 lines of up to 1 MiB
 * each, times the chunks in flight, would otherwise hold a gigabyte of text.
 */
const CHUNK_CHARS = 4 * 1024 * 1024
/**
 * A partial chunk goes out this long after its first line: a trickle (a slow upload, stdin from a
 * pipe) reaches the pipeline, and its flush timer, as promptly as it did line by line.
 */
const CHUNK_WAIT_MS = 20

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
export function createImportSession(deps: {
  pipeline: IngestPipeline
  onRejected: (rejection: Rejection) => void
  /** Parses and classifies JSON lines off this thread; without them each line is parsed here. */
  lineWorkers?: LineWorkers | null
  /** What of a torrent is kept (SERVICE_MAX_*); the line workers hold the same. Defaults when not given. */
  limits?: MetainfoLimits
}) {
  const limits = deps.limits ?? DEFAULT_METAINFO_LIMITS
  const summary: ImportSummary = { imported: 0, updated: 0, rejected: 0 }
  let submitted = 0
  let lines: string[] = []
  let origins: string[] = []
  let chunkChars = 0
  // Chunks out at the workers, each settled once its lines are submitted; chained, so lines reach
  // the pipeline in the order they were read whichever worker answers first.
  const chunks: Promise<void>[] = []
  let lastChunk: Promise<void> = Promise.resolve()
  let chunkTimer: ReturnType<typeof setTimeout> | undefined
  const giveTurn = createEventLoopTurns(TURN_EVERY_MS)

  const reject = (origin: string, reason: string) => {
    summary.rejected++
    deps.onRejected({ origin, reason })
  }

  const receiptFor = (origin: string): Receipt => ({
    origin,
    settle(outcome: WriteOutcome | Error) {
      if (outcome instanceof Error) reject(origin, `could not be stored: ${outcome.message}`)
      else if (outcome === 'deleted' || outcome === 'blocked') reject(origin, NOT_STORED_REASONS[outcome])
      else summary[outcome]++
    },
  })

  /** The pipeline's Promise when its writer is behind: a reader that can wait does. */
  const submitParsed = (parsed: ParsedLine, origin: string): Promise<void> | undefined => {
    if (!parsed.ok) return void reject(origin, parsed.reason)
    submitted++
    return deps.pipeline.submit(parsed.item, receiptFor(origin))
  }

  const dispatchLines = (workers: LineWorkers) => {
    clearTimeout(chunkTimer)
    chunkTimer = undefined
    const chunkOrigins = origins
    const results = workers.parse(lines)
    lines = []
    origins = []
    chunkChars = 0
    lastChunk = Promise.all([results, lastChunk]).then(async ([parsed]) => {
      // Chunks answered together would otherwise be written back to back, the HTTP server waiting.
      await giveTurn()
      chunks.shift()
      for (let i = 0; i < parsed.length; i++) submitParsed(parsed[i]!, chunkOrigins[i]!)
    })
    chunks.push(lastChunk)
  }

  /** Submits every JSON line handed in so far; an input's end waits for it, so inputs stay in order. */
  const drainLines = async () => {
    if (deps.lineWorkers && lines.length > 0) dispatchLines(deps.lineWorkers)
    await lastChunk
  }

  return {
    /**
     * With line workers the line is parsed later, in a chunk; the promise, when one is returned,
     * asks the reader to wait for the oldest chunk (the queue is bounded, as is memory).
     */
    addJsonLine(text: string, origin: string): Promise<void> | undefined {
      const workers = deps.lineWorkers
      if (!workers) return submitParsed(parseImportLine(text, limits), origin)
      lines.push(text)
      origins.push(origin)
      chunkChars += text.length
      chunkTimer ??= setTimeout(() => dispatchLines(workers), CHUNK_WAIT_MS)
      if (lines.length < CHUNK_LINES && chunkChars < CHUNK_CHARS) return
      dispatchLines(workers)
      return chunks.length > workers.queueLimit ? chunks[0] : undefined
    },
    drainLines,
    /** A record read from another indexer's database (magnetico's), checked as a JSON line is. */
    addRecord(record: unknown, origin: string): void {
      submitParsed(parseImportRecord(record, limits), origin)
    },
    addTorrentFile(bytes: Uint8Array, origin: string): void {
      let item: IngestItem
      try {
        item = ingestItemFromMetainfo(parseTorrentFile(bytes, limits), 'import')
      } catch (err) {
        return void reject(origin, err instanceof Error ? err.message : String(err))
      }
      submitted++
      deps.pipeline.submit(item, receiptFor(origin))
    },
    reject,
    limits,
    /** Items handed to the pipeline so far (committed or still buffered). */
    get submitted(): number {
      return submitted
    },
    get summary(): Readonly<ImportSummary> {
      return summary
    },
    /** Commits what is still buffered and returns the final counts. */
    async finish(): Promise<ImportSummary> {
      await drainLines()
      await deps.pipeline.flush()
      return { ...summary }
    },
  }
}

export type ImportSession = ReturnType<typeof createImportSession>
