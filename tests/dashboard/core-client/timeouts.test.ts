import { afterAll, describe, expect, test } from 'bun:test'
import { createCoreClient, CoreUnavailableError } from '../../../src/dashboard/core-client'
import { quietLog } from '../../support/test-index'

/** A loopback core that answers everything, each answer one second late. */
function startSlowCore() {
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      await Bun.sleep(1_000)
      return new URL(request.url).pathname === '/graphql' ? Response.json({ data: { ok: true } }) : Response.json({ imported: 1 })
    },
  })
  afterAll(() => server.stop(true))
  return `http://127.0.0.1:${server.port}`
}

describe("the dashboard's waits on the core", () => {
  const core = startSlowCore()
  // Short for the test; the margins still hold on a loaded machine: a late answer only makes the
  // read later still, and the writes have nine seconds to spare.
  const client = createCoreClient({
    graphqlUrl: () => `${core}/graphql`,
    metricsUrl: () => `${core}/metrics`,
    torznabApiKey: () => undefined,
    adminKey: () => undefined,
    log: quietLog,
    timeouts: { readMs: 200, writeMs: 10_000 },
  })

  test('a read behind a page gives up at the read timeout, so the page can still answer', async () => {
    await expect(client.query('{ ok }')).rejects.toBeInstanceOf(CoreUnavailableError)
  })

  test('an import and a forwarded webhook wait for the write timeout: a slow commit is not reported as a failure', async () => {
    expect((await client.importTorrents('{}\n')).status).toBe(200)
    expect((await client.forwardEvidence('sonarr', '{}', 'application/json')).status).toBe(200)
  })
})
