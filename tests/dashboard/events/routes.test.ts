import { afterAll, describe, expect, test } from 'bun:test'
import { Elysia } from 'elysia'
import { createEventBus } from '../../../src/dashboard/events/event-bus'
import { eventRoutes } from '../../../src/dashboard/events/routes'
import { jsonErrors } from '../../../src/http'
import { createLogger } from '../../../src/log'

const log = createLogger({ level: 'error', sink: () => {} })

/** A listening dashboard with only the event route, on a loopback ephemeral port. */
function startApp(heartbeatMs?: number) {
  const events = createEventBus()
  const app = new Elysia().use(jsonErrors({ log })).use(eventRoutes({ events, heartbeatMs })).listen({ hostname: '127.0.0.1', port: 0 })
  afterAll(() => app.stop(true))
  return { events, url: `http://127.0.0.1:${app.server!.port}/api/events` }
}

/** Opens the stream and reads it as text; `until` waits for the text read so far to satisfy a test. */
async function connect(url: string) {
  const abort = new AbortController()
  const response = await fetch(url, { signal: abort.signal })
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let text = ''
  const until = async (isDone: (text: string) => boolean, timeoutMs = 30_000): Promise<string> => {
    const deadline = Date.now() + timeoutMs
    while (!isDone(text)) {
      if (Date.now() > deadline) throw new Error(`stream did not get there; read so far:\n${text}`)
      const { value, done } = await reader.read()
      if (done) throw new Error(`stream ended; read:\n${text}`)
      text += decoder.decode(value, { stream: true })
    }
    return text
  }
  return { response, until, abort: () => abort.abort() }
}

async function waitFor(isDone: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!isDone()) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await Bun.sleep(10)
  }
}

describe('GET /api/events', () => {
  test('is an uncached text/event-stream that starts with the retry delay', async () => {
    const { url } = startApp()
    const stream = await connect(url)
    expect(stream.response.status).toBe(200)
    expect(stream.response.headers.get('content-type')).toStartWith('text/event-stream')
    expect(stream.response.headers.get('cache-control')).toBe('no-cache')
    expect(await stream.until((text) => text.includes('\n\n'))).toStartWith('retry: 10000\n\n')
    stream.abort()
  })

  test('writes each bus event as event and one data line of JSON, in order', async () => {
    const { url, events } = startApp()
    const stream = await connect(url)
    await stream.until((text) => text.startsWith('retry'))
    await waitFor(() => events.listenerCount() === 1)
    events.publish({ type: 'stats', data: { totalTorrents: 20, categoryBreakdown: { movie: 8 } } })
    events.publish({ type: 'evidence', data: { id: '7', info_hash: 'ab'.repeat(20), source: 'radarr', payload: { note: 'two\nlines' } } })
    events.publish({ type: 'notification', data: { id: '1', type: 'want_fulfilled', message: 'Dune found' } })
    const text = await stream.until((read) => read.includes('event: notification'))
    const frames = text.split('\n\n').filter((frame) => frame.startsWith('event:'))
    expect(frames).toEqual([
      'event: stats\ndata: {"totalTorrents":20,"categoryBreakdown":{"movie":8}}',
      `event: evidence\ndata: {"id":"7","info_hash":"${'ab'.repeat(20)}","source":"radarr","payload":{"note":"two\\nlines"}}`,
      'event: notification\ndata: {"id":"1","type":"want_fulfilled","message":"Dune found"}',
    ])
    stream.abort()
  })

  test('sends a heartbeat comment while nothing happens', async () => {
    const { url } = startApp(50)
    const stream = await connect(url)
    expect(await stream.until((text) => text.includes(': heartbeat\n\n'))).toStartWith('retry: 10000\n\n')
    stream.abort()
  })

  test('every connected page gets every event', async () => {
    const { url, events } = startApp()
    const pages = await Promise.all([connect(url), connect(url), connect(url)])
    await waitFor(() => events.listenerCount() === 3)
    events.publish({ type: 'stats', data: { totalTorrents: 1 } })
    for (const page of pages) {
      expect(await page.until((text) => text.includes('event: stats'))).toContain('data: {"totalTorrents":1}')
      page.abort()
    }
  })

  test('a page that disconnects is unsubscribed: no listener is left behind', async () => {
    const { url, events } = startApp(50)
    const pages = await Promise.all([connect(url), connect(url)])
    await waitFor(() => events.listenerCount() === 2)
    pages[0]!.abort()
    await waitFor(() => events.listenerCount() === 1)
    pages[1]!.abort()
    await waitFor(() => events.listenerCount() === 0)
    // Publishing to nobody is fine, and the timers are gone with the listeners.
    events.publish({ type: 'stats', data: {} })
    expect(events.listenerCount()).toBe(0)
  })
})
