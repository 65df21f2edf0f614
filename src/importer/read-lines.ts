/** Longest line accepted; anything longer is reported and skipped rather than buffered. */
export const MAX_LINE_BYTES = 1024 * 1024

export type LineEvent = { lineNumber: number; text: string } | { lineNumber: number; tooLong: true }

/**
 * Splits a byte stream into lines without holding more than one line in memory, so a multi-GB
 * dump (or a streamed HTTP body) imports in constant memory. Blank lines are skipped.
 */
export async function* readLines(stream: ReadableStream<Uint8Array>): AsyncGenerator<LineEvent> {
  const decoder = new TextDecoder()
  let partial = ''
  let skipping = false
  let lineNumber = 0
  for await (const chunk of stream) {
    const text = decoder.decode(chunk, { stream: true })
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
  partial += decoder.decode()
  if (!skipping && partial.trim()) yield { lineNumber: lineNumber + 1, text: partial }
}
