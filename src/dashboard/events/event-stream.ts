import type { DashboardEvent, EventBus } from './event-bus'

/** A comment line this often keeps proxies (and Elysia's 30 s idle timeout) from closing a quiet stream. */
const HEARTBEAT_MS = 15_000

/** The reconnect delay a browser's EventSource uses after a drop: the pages' polling interval too. */
const RETRY_MS = 10_000

/**
 * Frames a page has not read yet. Beyond this it stopped reading (a suspended tab, a dead
 * connection the OS has not noticed): it is dropped, not buffered for as long as the process runs.
 */
const MAX_UNREAD_FRAMES = 256

/** One server-sent event: `event: <type>` and the data as one line of JSON (it escapes newlines). */
export function formatEvent(event: DashboardEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event.data ?? null)}\n\n`
}

/**
 * The text/event-stream body of one connected page: `retry` first, then each bus event and a
 * heartbeat comment. It unsubscribes when the page goes (`signal` aborts or the body is cancelled)
 * or stops reading, so a closed tab leaves no listener behind.
 */
export function openEventStream(bus: EventBus, options: { signal: AbortSignal; heartbeatMs?: number }): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let end = () => {}
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let isEnded = false
        const send = (text: string) => {
          if (isEnded) return
          if ((controller.desiredSize ?? 0) < -MAX_UNREAD_FRAMES) {
            end()
            controller.error(new Error('the page stopped reading its event stream'))
            return
          }
          controller.enqueue(encoder.encode(text))
        }
        const unsubscribe = bus.subscribe((event) => send(formatEvent(event)))
        const heartbeat = setInterval(() => send(': heartbeat\n\n'), options.heartbeatMs ?? HEARTBEAT_MS)
        end = () => {
          if (isEnded) return
          isEnded = true
          unsubscribe()
          clearInterval(heartbeat)
          options.signal.removeEventListener('abort', end)
        }
        options.signal.addEventListener('abort', end)
        if (options.signal.aborted) return end()
        send(`retry: ${RETRY_MS}\n\n`)
      },
      cancel() {
        end()
      },
    },
    // Nothing is queued ahead of the reader, so desiredSize counts the frames it has not taken.
    new CountQueuingStrategy({ highWaterMark: 0 }),
  )
}
