import { afterAll, describe, expect, test } from 'bun:test'
import { isPrometheusText } from '../../../src/dashboard/core-client/prometheus-text'
import { openTestDashboard } from '../../support/dashboard-app'

const EXPOSITION = [
  '# HELP http_requests_total Requests answered.',
  '# TYPE http_requests_total counter',
  'http_requests_total{method="GET",route="/torznab/api",status="200"} 2',
  'http_request_duration_seconds_bucket{le="+Inf",path="a \\"quoted\\" \\\\ path"} 3 1700000000000',
  'process_start_time_seconds 1.7e9',
  'nodejs_heap_space NaN',
  '',
].join('\n')

/** A server answering every path with one body and content type: what a metrics URL override may point at. */
function startServing(body: string, contentType: string) {
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: () => new Response(body, { headers: { 'content-type': contentType } }),
  })
  afterAll(() => server.stop(true))
  return `http://127.0.0.1:${server.port}/metrics`
}

describe('/api/metrics passes only Prometheus text', () => {
  const dashboard = openTestDashboard()
  const metricsFrom = async (url: string) => {
    await dashboard.request('/api/settings/overrides/core_metrics_url', { method: 'PUT', json: { value: url } })
    return dashboard.request('/api/metrics')
  }

  test('the text exposition format passes through unchanged', async () => {
    const answer = await metricsFrom(startServing(EXPOSITION, 'text/plain; version=0.0.4; charset=utf-8'))
    expect(answer.status).toBe(200)
    expect(answer.body).toBe(EXPOSITION)
    expect(answer.headers.get('content-type')).toStartWith('text/plain; version=0.0.4')
  })

  test.each([
    ['an HTML page', '<!doctype html><title>Router admin</title><p>password: hunter2</p>', 'text/html'],
    ['a file served as text', 'root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/usr/sbin:/usr/sbin/nologin\n', 'text/plain'],
    ['a config file', 'db_password = "hunter2"\napi_key = abc\n', 'text/plain; charset=utf-8'],
    ['JSON', '{"secret":"hunter2"}', 'application/json'],
    ['metrics in another format', EXPOSITION, 'application/openmetrics-text; version=1.0.0'],
    ['only comments', '# nothing but\n# comments\n', 'text/plain'],
    ['a broken TYPE line', '# TYPE up thing\nup 1\n', 'text/plain'],
  ])('%s is a 502 and none of it is passed on', async (_, body, contentType) => {
    const answer = await metricsFrom(startServing(body, contentType))
    expect(answer.status).toBe(502)
    expect(answer.body).toEqual({ error: 'core_unavailable', message: expect.stringContaining("not the core's metrics") })
    expect(JSON.stringify(answer.body)).not.toContain('hunter2')
  })
})

describe('isPrometheusText', () => {
  test('reads samples with labels, escapes, special values and timestamps', () => {
    expect(isPrometheusText(EXPOSITION)).toBe(true)
    expect(isPrometheusText('a{b="c",} -Inf\n')).toBe(true)
    expect(isPrometheusText('')).toBe(false)
    expect(isPrometheusText('up one\n')).toBe(false)
    expect(isPrometheusText('up{b=c} 1\n')).toBe(false)
    expect(isPrometheusText('9up 1\n')).toBe(false)
  })
})
