/** Longest line accepted; anything longer is reported and skipped rather than buffered. */
export const MAX_LINE_BYTES = 1024 * 1024

export type LineEvent = { lineNumber: number; text: string } | { lineNumber: number; tooLong: true }

/**
 * Splits a byte stream into lines without holding more than one line in memory, so a multi-GB
 * dump (or a streamed HTTP body) imports in constant memory. Blank lines are skipped.
 *
 * When `stop` aborts, reading ends at once, even in the middle of a read waiting on a sender that
 * stalls: the lines already received are yielded, the partial one after them is dropped and the
 * stream is cancelled.
 */
export async function* readLines(stream: ReadableStream<Uint8Array>, stop?: AbortSignal): AsyncGenerator<LineEvent> {
  const decoder = new TextDecoder()
  const reader = stream.getReader()
  // Stopping cancels the reader, which ends a read waiting on a stalled sender at once. No promise
  // per read is left on the signal, so each chunk read can be collected once split.
  const cancel = () => void reader.cancel().catch(() => {})
  stop?.addEventListener('abort', cancel, { once: true })
  let partial = ''
  let skipping = false
  let lineNumber = 0
  let isDone = false
  try {
    for (;;) {
      if (stop?.aborted) return
      const read = await reader.read()
      if (stop?.aborted) return
      if (read.done) {
        isDone = true
        break
      }
      const text = decoder.decode(read.value, { stream: true })
      let start = 0
      for (let newline = text.indexOf('\n'); newline >= 0; newline = text.indexOf('\n', start)) {
        lineNumber++
        const line = partial + text.slice(start, newline)
        partial = ''
        start = newline + 1
        if (skipping) skipping = false
        else if (line.length > MAX_LINE_BYTES) yield { lineNumber, tooLong: true }
        else if (line.trim()) yield { lineNumber, text: line }
      }
      if (skipping) continue
      partial += text.slice(start)
      if (partial.length > MAX_LINE_BYTES) {
        yield { lineNumber: lineNumber + 1, tooLong: true }
        partial = ''
        skipping = true
      }
    }
  } finally {
    stop?.removeEventListener('abort', cancel)
    // Stopped, or the consumer left early: release the sender rather than leave the stream locked.
    if (!isDone) cancel()
    reader.releaseLock()
  }
  partial += decoder.decode()
  if (!skipping && partial.trim()) yield { lineNumber: lineNumber + 1, text: partial }
}
