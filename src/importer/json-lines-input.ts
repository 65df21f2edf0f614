import { createEventLoopTurns, TURN_EVERY_MS } from './event-loop-turns'
import type { ImportSession } from './import-session'
import { readLines } from './read-lines'

/**
 * Feeds a stream of JSON Lines (a file, stdin, a POST /import body, a page of another instance's
 * export) into the session; a line over 1 MiB is rejected by its number. When `stop` aborts, it
 * ends at the last line fully read (see readLines).
 */
export async function importJsonLines(
  stream: ReadableStream<Uint8Array>,
  origin: string,
  session: ImportSession,
  stop?: AbortSignal,
): Promise<void> {
  const giveTurn = createEventLoopTurns(TURN_EVERY_MS)
  for await (const event of readLines(stream, stop)) {
    await giveTurn()
    const where = `${origin}:${event.lineNumber}`
    if ('tooLong' in event) session.reject(where, 'line longer than 1 MiB')
    else {
      const isQueueFull = session.addJsonLine(event.text, where)
      if (isQueueFull) await isQueueFull
    }
  }
  await session.drainLines()
}

/** The stream as it is, telling `onBytes` each chunk's size as it passes (the progress of an input). */
export function countBytes(stream: ReadableStream<Uint8Array>, onBytes: (bytes: number) => void): ReadableStream<Uint8Array> {
  return stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        onBytes(chunk.byteLength)
        controller.enqueue(chunk)
      },
    }),
  )
}
