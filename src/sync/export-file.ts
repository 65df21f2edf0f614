import { once } from 'node:events'
import { createWriteStream, renameSync, rmSync } from 'node:fs'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'

/** Where `cli export` writes: a file (gzipped when its name ends in .gz) or stdout. */
export interface ExportSink {
  /** Resolves once the text is taken in, waiting while the destination is behind (bounded memory). */
  write(text: string): Promise<void>
  /** Everything written is flushed; a file then takes its name. */
  finish(): Promise<void>
  /** Stopped or failed: a file's partial copy is removed. */
  discard(): void
}

/**
 * A file is written as FILE.partial and renamed when complete, so an export cut short (a signal, a
 * full disk) never leaves a file that looks whole to the import on the other side.
 */
export function openExportSink(target: string, stdout: NodeJS.WritableStream): ExportSink {
  if (target === '-') return stdoutSink(stdout)
  const partial = `${target}.partial`
  const file = createWriteStream(partial)
  const gzip = target.endsWith('.gz') ? createGzip() : null
  const head = gzip ?? file
  const failure = watchFailure(gzip ? pipeline(gzip, file) : once(file, 'close').then(() => {}))
  return {
    write: (text) => writeWaiting(head, text, failure),
    async finish() {
      head.end()
      await failure.settled
      failure.throwIfFailed()
      renameSync(partial, target)
    },
    discard() {
      head.destroy()
      file.destroy()
      rmSync(partial, { force: true })
    },
  }
}

function stdoutSink(stdout: NodeJS.WritableStream): ExportSink {
  const failure = watchFailure(once(stdout as never, 'error').then(([err]) => Promise.reject(err)))
  return {
    write: (text) => writeWaiting(stdout, text, failure),
    // stdout stays open for the process: the write's callback says what came before is handed on.
    finish: () => new Promise((resolve, reject) => stdout.write('', (err) => (err ? reject(err) : resolve()))),
    discard() {},
  }
}

/** A destination's end, kept as a failure to throw at the next write rather than an unhandled rejection. */
function watchFailure(end: Promise<unknown>) {
  let error: unknown = null
  const settled = end.then(
    () => {},
    (err: unknown) => {
      error = err ?? new Error('the destination failed')
    },
  )
  return {
    settled,
    throwIfFailed(): void {
      if (error !== null) throw error
    },
  }
}

async function writeWaiting(head: NodeJS.WritableStream, text: string, failure: ReturnType<typeof watchFailure>): Promise<void> {
  failure.throwIfFailed()
  if (!head.write(text)) await Promise.race([once(head as never, 'drain'), failure.settled])
  failure.throwIfFailed()
}
