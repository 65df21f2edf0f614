import { SingleBar } from 'cli-progress'
import { exportChunks } from './export-chunks'
import { openExportSink } from './export-file'
import type { ExportStore } from './model'

export const EXPORT_USAGE = 'export FILE'

export interface ExportCommandDeps {
  exports: ExportStore
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
  /** A progress bar on stderr only when it is a terminal: a log or a pipe gets the summary line alone. */
  isTTY: boolean
  /** Aborted to stop early: a file is not left half-written. */
  stop?: AbortSignal
}

export interface ExportSummary {
  torrents: number
  isComplete: boolean
}

/**
 * `cli export FILE`: every torrent stored when it starts, as JSON Lines (`-` is stdout, a name
 * ending in .gz is gzipped), one chunk read and written at a time, so memory stays the same at
 * 10M torrents as at 10. `cli import FILE` on another instance restores them.
 */
export async function runExportCommand(target: string, deps: ExportCommandDeps): Promise<ExportSummary> {
  const extent = await deps.exports.extent()
  const sink = openExportSink(target, deps.stdout)
  const bar = deps.isTTY ? startBar(deps.stderr, extent.torrents) : null
  let torrents = 0
  try {
    for await (const chunk of exportChunks(deps.exports, 0, extent.lastPosition)) {
      if (deps.stop?.aborted) break
      await sink.write(chunk.text)
      torrents += chunk.torrents
      bar?.update(torrents)
    }
    bar?.stop()
    if (deps.stop?.aborted) {
      sink.discard()
      return { torrents, isComplete: false }
    }
    await sink.finish()
  } catch (err) {
    bar?.stop()
    sink.discard()
    throw err
  }
  deps.stderr.write(`exported ${torrents} torrents to ${target === '-' ? 'stdout' : target}\n`)
  return { torrents, isComplete: true }
}

function startBar(stream: NodeJS.WritableStream, total: number) {
  const bar = new SingleBar({
    format: 'export |{bar}| {percentage}% | {value}/{total} torrents | ETA {eta_formatted}',
    stream,
    hideCursor: true,
    etaBuffer: 50,
  })
  bar.start(Math.max(total, 1), 0)
  return {
    // Torrents stored since the count was read may pass it; the bar's end moves with them.
    update(done: number) {
      if (done > bar.getTotal()) bar.setTotal(done)
      bar.update(done)
    },
    stop: () => bar.stop(),
  }
}
