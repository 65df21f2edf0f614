import { describe, expect, test } from 'bun:test'
import { type LineEvent, readLines } from '../../src/importer/read-lines'

/** A stream that delivers `text` and then stalls, as a client that stops sending mid-upload. */
function stallingAfter(text: string): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text))
    },
  })
}

async function collect(lines: AsyncGenerator<LineEvent>): Promise<LineEvent[]> {
  const events: LineEvent[] = []
  for await (const event of lines) events.push(event)
  return events
}

describe('readLines', () => {
  test('a consumer that stops early cancels the stream instead of leaving it locked', async () => {
    let cancelled = false
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('one\ntwo\n'))
      },
      cancel() {
        cancelled = true
      },
    })
    for await (const event of readLines(stream)) {
      expect(event).toEqual({ lineNumber: 1, text: 'one' })
      break
    }
    await Bun.sleep(0)
    expect(cancelled).toBe(true)
    expect(stream.locked).toBe(false)
  })

  test('an abort ends a read waiting on a stalled stream, keeping the complete lines and dropping the partial one', async () => {
    const stop = new AbortController()
    const reading = collect(readLines(stallingAfter('one\ntwo\nthr'), stop.signal))
    await Bun.sleep(20)
    stop.abort()
    expect(await reading).toEqual([
      { lineNumber: 1, text: 'one' },
      { lineNumber: 2, text: 'two' },
    ])
  })

  test('keeps no chunk it has split once reading moves on, with or without a stop signal', async () => {
    // Otherwise an import holds its whole input in memory until it ends.
    for (const stop of [new AbortController().signal, undefined]) {
      const chunks: WeakRef<Uint8Array>[] = []
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (chunks.length === 200) return controller.close()
          const chunk = new TextEncoder().encode(`${'x'.repeat(10_000)}\n`)
          chunks.push(new WeakRef(chunk))
          controller.enqueue(chunk)
        },
      })
      const lines = readLines(stream, stop)
      for (let i = 0; i < 150; i++) await lines.next()
      Bun.gc(true)
      expect(chunks.slice(0, 100).filter((chunk) => chunk.deref() !== undefined).length).toBeLessThan(10)
      await lines.return(undefined)
    }
  })

  test('without an abort, an unterminated last line is yielded at the end of the stream', async () => {
    const stream = new Blob(['one\ntwo']).stream()
    expect(await collect(readLines(stream, new AbortController().signal))).toEqual([
      { lineNumber: 1, text: 'one' },
      { lineNumber: 2, text: 'two' },
    ])
  })
})
