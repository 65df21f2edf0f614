import { describe, expect, test } from 'bun:test'
import { createEventBus } from '../../../src/dashboard/events/event-bus'
import { formatEvent, openEventStream } from '../../../src/dashboard/events/event-stream'

describe('formatEvent', () => {
  test('is the event type and the data as one line of JSON', () => {
    expect(formatEvent({ type: 'notification', data: { message: 'line one\nline two\r\n' } })).toBe(
      'event: notification\ndata: {"message":"line one\\nline two\\r\\n"}\n\n',
    )
  })
})

describe('openEventStream', () => {
  test('a page that stops reading is dropped once too many frames wait for it', async () => {
    const bus = createEventBus()
    const stream = openEventStream(bus, { signal: new AbortController().signal })
    expect(bus.listenerCount()).toBe(1)
    for (let i = 0; i < 300; i++) bus.publish({ type: 'stats', data: { i } })
    expect(bus.listenerCount()).toBe(0)
    await expect(stream.getReader().read()).rejects.toThrow('stopped reading')
  })

  test('cancelling the body unsubscribes', async () => {
    const bus = createEventBus()
    const stream = openEventStream(bus, { signal: new AbortController().signal })
    await stream.cancel()
    expect(bus.listenerCount()).toBe(0)
  })

  test('a request already aborted subscribes nothing', () => {
    const bus = createEventBus()
    const abort = new AbortController()
    abort.abort()
    openEventStream(bus, { signal: abort.signal })
    expect(bus.listenerCount()).toBe(0)
  })
})
