import { describe, expect, test } from 'bun:test'
import { createHealthCheck, healthRoutes } from '../../src/health'
import { openTestIndex } from '../support/test-index'

const getHealth = (app: ReturnType<typeof healthRoutes>) => app.handle(new Request('http://localhost/healthz'))

describe('GET /healthz', () => {
  test('answers 200 ok while the database answers', async () => {
    const { db } = openTestIndex()
    const response = await getHealth(healthRoutes({ health: createHealthCheck({ db: db.sqlite }) }))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok' })
  })

  test('answers 500 with the reason once the connection is closed', async () => {
    const { db } = openTestIndex()
    const app = healthRoutes({ health: createHealthCheck({ db: db.sqlite }) })
    db.close()
    const response = await getHealth(app)
    expect(response.status).toBe(500)
    const body = (await response.json()) as { status: string; error: string }
    expect(body.status).toBe('error')
    expect(body.error).toContain('database unreachable')
  })

})
