import type { IngestPipeline } from '../ingest'
import type { MetainfoLimits } from '../metainfo'
import { expandImportPaths, importInput } from './import-paths'
import { createImportSession, type ImportSummary } from './import-session'
import type { LineWorkers } from './line-workers'
import { createProgressReporter } from './progress'

export interface ImportCommandDeps {
  pipeline: IngestPipeline
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
  isTTY: boolean
  /** Parse and classify JSON lines beside the writer; null parses them on the writer's thread. */
  lineWorkers?: LineWorkers | null
  /** Aborted to stop early: the lines read so far are committed and the summary printed as usual. */
  stop?: AbortSignal
  /** What of a torrent is kept (SERVICE_MAX_*); the defaults when not given. */
  limits?: MetainfoLimits
}

/** `cli import PATH...`: imports every input and prints each rejection and a final summary. */
export async function runImportCommand(paths: string[], deps: ImportCommandDeps): Promise<ImportSummary> {
  const session = createImportSession({
    pipeline: deps.pipeline,
    lineWorkers: deps.lineWorkers,
    limits: deps.limits,
    onRejected: ({ origin, reason }) => deps.stderr.write(`rejected ${origin}: ${reason}\n`),
  })
  const inputs = expandImportPaths(paths, session)
  const progress = createProgressReporter({ isTTY: deps.isTTY, stream: deps.stderr, intervalMs: 2000 })
  const state = { bytesDone: 0, bytesTotal: inputs.reduce((total, input) => total + input.sizeBytes, 0) }
  const report = () => progress.update({ ...state, submitted: session.submitted, summary: session.summary })
  for (const input of inputs) {
    if (deps.stop?.aborted) break
    await importInput(
      input,
      session,
      (bytes) => {
        state.bytesDone += bytes
        report()
      },
      deps.stop,
    )
  }
  const summary = await session.finish()
  report()
  progress.stop()
  deps.stdout.write(`imported ${summary.imported}, updated ${summary.updated}, rejected ${summary.rejected}\n`)
  return summary
}
