import { SingleBar } from 'cli-progress'
import type { ImportSummary } from './import-session'

export interface ProgressState {
  bytesDone: number
  /** 0 when unknown (stdin). */
  bytesTotal: number
  submitted: number
  summary: ImportSummary
}

export interface ProgressReporter {
  update(state: ProgressState): void
  stop(): void
}

/**
 * A live bar on a terminal; on a pipe or a log file, one plain line every `intervalMs`, so that
 * long imports under systemd or docker still show signs of life without flooding the log.
 */
export function createProgressReporter(options: { isTTY: boolean; stream: NodeJS.WritableStream; intervalMs: number }): ProgressReporter {
  return options.isTTY ? createBar(options.stream) : createPeriodicLines(options.stream, options.intervalMs)
}

function createBar(stream: NodeJS.WritableStream): ProgressReporter {
  const bar = new SingleBar({
    format:
      'import |{bar}| {percentage}% | {submitted} torrents | {imported} new, {updated} updated, {rejected} rejected | ETA {eta_formatted}',
    stream,
    hideCursor: true,
    etaBuffer: 50,
  })
  let started = false
  return {
    update(state) {
      const payload = { submitted: state.submitted, ...state.summary }
      if (!started) {
        bar.start(Math.max(state.bytesTotal, 1), 0, payload)
        started = true
      }
      bar.update(state.bytesTotal ? state.bytesDone : 0, payload)
    },
    stop() {
      if (started) bar.stop()
    },
  }
}

function createPeriodicLines(stream: NodeJS.WritableStream, intervalMs: number): ProgressReporter {
  let lastPrintMs = Date.now()
  return {
    update(state) {
      const now = Date.now()
      if (now - lastPrintMs < intervalMs) return
      lastPrintMs = now
      const percent = state.bytesTotal ? ` (${Math.floor((100 * state.bytesDone) / state.bytesTotal)}%)` : ''
      const { imported, updated, rejected } = state.summary
      stream.write(`import progress: ${state.submitted} read${percent}, ${imported} imported, ${updated} updated, ${rejected} rejected\n`)
    },
    stop() {},
  }
}
