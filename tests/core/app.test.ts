import { describe, expect, test } from 'bun:test'
import { Elysia } from 'elysia'
import { stopCoreApp } from '../../src/core/app'

/** A promise the route's handler resolves when the request reaches it: the request is then in flight. */
function arrival() {
  let arrived!: () => void
  const hasArrived = new Promise<void>((resolve) => {
    arrived = resolve
  })
  return { arrived, hasArrived }
}

describe('stopCoreApp', () => {
  test('closes a request still in flight once the grace period is over', async () => {
    const { arrived, hasArrived } = arrival()
    const app = new Elysia()
      .get('/hangs', () => {
        arrived()
        return new Promise<string>(() => {})
      })
      .listen({ hostname: '127.0.0.1', port: 0 })
    const answer = fetch(`http://127.0.0.1:${app.server!.port}/hangs`).then(
      () => 'answered',
      () => 'connection closed',
    )
    await hasArrived
    const startedMs = performance.now()
    expect(await stopCoreApp(app, 200)).toBe('cut')
    // The request never ends: the stop returned because the grace ran out, not because it drained.
    expect(performance.now() - startedMs).toBeLessThan(10_000)
    expect(await answer).toBe('connection closed')
  })

  test('returns as soon as the requests in flight are answered', async () => {
    const { arrived, hasArrived } = arrival()
    const app = new Elysia()
      .get('/slow', async () => {
        arrived()
        return Bun.sleep(100).then(() => 'done')
      })
      .listen({ hostname: '127.0.0.1', port: 0 })
    const answer = fetch(`http://127.0.0.1:${app.server!.port}/slow`).then((response) => response.text())
    await hasArrived
    expect(await stopCoreApp(app, 5000)).toBe('drained')
    expect(await answer).toBe('done')
  })
})
