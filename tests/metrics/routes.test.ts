/** The request metrics of the running service, read from its own /metrics over real HTTP. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startService, type RunningService } from '../support/processes'
import { makeTempDir } from '../support/temp-dir'

let service: RunningService
beforeAll(async () => {
  // The core alone: a dashboard in the same process polls the core's GraphQL, which these counts would include.
  service = await startService({ DATA_DIR: makeTempDir(), TORZNAB_API_KEY: 'metrics-test-key-0123' }, 'core')
})
afterAll(() => service?.child.kill('SIGKILL'))

/** The value of one series as rendered; undefined when absent. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

/** /metrics once the after-response hooks (run after the answer is sent) have counted `series`. */
async function scrapeUntil(series: string): Promise<string> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const text = await (await fetch(`${service.baseUrl}/metrics`)).text()
    if (seriesValue(text, series) !== undefined || Date.now() > deadline) return text
    await Bun.sleep(20)
  }
}

describe('requestMetrics', () => {
  test('counts a Torznab 401 and a GraphQL 400 under the status the client got', async () => {
    const refused = await fetch(`${service.baseUrl}/torznab/api?t=caps&apikey=wrong`)
    expect(refused.status).toBe(401)
    // Yoga answers a query failing validation 400 when the client accepts graphql-response+json.
    const invalid = await fetch(`${service.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
      body: JSON.stringify({ query: '{ noSuchField }' }),
    })
    expect(invalid.status).toBe(400)

    const text = await scrapeUntil('http_requests_total{method="POST",route="/graphql",status="400"}')
    expect(seriesValue(text, 'http_requests_total{method="POST",route="/graphql",status="400"}')).toBe(1)
    expect(seriesValue(text, 'http_requests_total{method="POST",route="/graphql",status="200"}')).toBeUndefined()
    const torznab = text.split('\n').filter((line) => line.startsWith('http_requests_total{method="GET",route="/torznab'))
    expect(torznab.length).toBeGreaterThan(0)
    expect(torznab.every((line) => line.includes('status="401"'))).toBe(true)
  })

  test('times an unmatched path from its arrival, never below zero', async () => {
    expect((await fetch(`${service.baseUrl}/no/such/path`)).status).toBe(404)
    const text = await scrapeUntil('http_request_duration_seconds_count{method="GET",route="unmatched"}')
    expect(seriesValue(text, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1)
    expect(seriesValue(text, 'http_request_duration_seconds_sum{method="GET",route="unmatched"}')).toBeGreaterThan(0)
  })
})
