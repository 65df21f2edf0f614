import { describe, expect, test } from 'bun:test'
import { Elysia } from 'elysia'
import { stopCoreApp } from '../../src/core/app'

describe('stopCoreApp', () => {
  test('closes a request still in flight once the grace period is over', async () => {
    const app = new Elysia().get('/hangs', () => new Promise<string>(() => {})).listen({ hostname: '127.0.0.1', port: 0 })
    const answer = fetch(`http://127.0.0.1:${app.server!.port}/hangs`).then(
      () => 'answered',
      () => 'connection closed',
    )
    await Bun.sleep(50)
    const startedMs = performance.now()
    expect(await stopCoreApp(app, 200)).toBe('cut')
    expect(performance.now() - startedMs).toBeLessThan(2000)
    expect(await answer).toBe('connection closed')
  })

  test('returns as soon as the requests in flight are answered', async () => {
    const app = new Elysia().get('/slow', async () => Bun.sleep(100).then(() => 'done')).listen({ hostname: '127.0.0.1', port: 0 })
    const answer = fetch(`http://127.0.0.1:${app.server!.port}/slow`).then((response) => response.text())
    await Bun.sleep(20)
    expect(await stopCoreApp(app, 5000)).toBe('drained')
    expect(await answer).toBe('done')
  })
})
