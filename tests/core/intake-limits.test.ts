/**
 * Issue 30.3 and 30.7: the intake and /import take a client's share of requests per minute (429
 * with Retry-After past it), generous enough for a real Sonarr; /import streams a body past Bun's
 * 128 MiB default limit.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { sonarrV3Grab, sonarrV4Download } from '../support/arr-payloads'
import { ADMIN_HEADERS, type RunningService, startService } from '../support/processes'
import { makeTempDir } from '../support/temp-dir'

const hash = (n: number) => n.toString(16).padStart(40, 'c')
const line = (n: number) => JSON.stringify({ infoHash: hash(n), name: `Intake.Limit.${n}.2024.1080p.WEB-DL-GRP`, size: 1000 })

async function evidenceTotal(service: RunningService): Promise<number> {
  const response = await fetch(`${service.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...ADMIN_HEADERS },
    body: JSON.stringify({ query: '{ evidence(input: { limit: 1 }) { totalCount } }' }),
  })
  return ((await response.json()) as { data: { evidence: { totalCount: number } } }).data.evidence.totalCount
}

const waitForEvidence = async (service: RunningService, count: number) => {
  for (let i = 0; i < 200 && (await evidenceTotal(service)) < count; i++) await Bun.sleep(25)
  return evidenceTotal(service)
}

describe('a client past SERVICE_INTAKE_RATE_LIMIT', () => {
  let service: RunningService
  beforeAll(async () => {
    service = await startService({ DATA_DIR: makeTempDir('intake-rate-'), SERVICE_INTAKE_RATE_LIMIT: '10' }, 'core')
  })
  afterAll(() => service?.child.kill('SIGKILL'))

  test('is answered 429 with Retry-After on the intake and /import alike, and nothing it sent past the limit is kept', async () => {
    const post = (n: number) =>
      fetch(`${service.baseUrl}/evidence/arr/sonarr`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(sonarrV3Grab(hash(n))),
      })
    for (let n = 0; n < 9; n++) expect((await post(n)).status).toBe(202)
    expect((await fetch(`${service.baseUrl}/import`, { method: 'POST', body: line(1) })).status).toBe(200)
    for (const refused of [await post(100), await fetch(`${service.baseUrl}/import`, { method: 'POST', body: line(2) })]) {
      expect(refused.status).toBe(429)
      const retryAfter = Number(refused.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThanOrEqual(1)
      expect(retryAfter).toBeLessThanOrEqual(60)
      expect(await refused.json()).toEqual({ error: 'rate_limited', message: expect.stringContaining(`try again in ${retryAfter} s`) })
    }
    expect(await waitForEvidence(service, 9)).toBe(9)
    // Other routes are not the intake's: the feed and GraphQL still answer.
    expect((await fetch(`${service.baseUrl}/torznab/api?t=caps`)).status).toBe(200)
  })
})

describe('the default limit', () => {
  let service: RunningService
  beforeAll(async () => {
    service = await startService({ DATA_DIR: makeTempDir('intake-default-'), SERVICE_INGEST_FLUSH_INTERVAL: '20ms' }, 'core')
  })
  afterAll(() => service?.child.kill('SIGKILL'))

  test("takes a real Sonarr's burst: the grab of a season pack and one import event per episode file, all counted", async () => {
    const pack = hash(500)
    expect((await fetch(`${service.baseUrl}/import`, { method: 'POST', body: line(500) })).status).toBe(200)
    const events = [sonarrV3Grab(pack), ...Array.from({ length: 24 }, () => sonarrV4Download(pack))]
    const answers = await Promise.all(
      events.map((event, i) =>
        fetch(`${service.baseUrl}/evidence/arr/sonarr-${i}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': 'Sonarr/4.0.9.2244 (ubuntu 22.04)' },
          body: JSON.stringify(event),
        }),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual(events.map(() => 202))
    expect(await waitForEvidence(service, 25)).toBe(25)
    const search = await fetch(`${service.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `{ torrentContent { search(input: { infoHashes: ["${pack}"] }) { items { grabs classificationStatus } } } }`,
      }),
    })
    expect(await search.json()).toEqual({
      data: { torrentContent: { search: { items: [{ grabs: 1, classificationStatus: 'confirmed' }] } } },
    })
  })

  test('POST /import streams a body past 128 MiB (Bun refused it with a bare 413) and imports its lines', async () => {
    const padding = `${' '.repeat(64 * 1024 - 1)}\n`
    const chunk = new TextEncoder().encode(padding.repeat(16))
    const totalBytes = 130 * 1024 * 1024
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode(`${line(600)}\n`))
        if (sent >= totalBytes) {
          controller.enqueue(new TextEncoder().encode(`${line(601)}\n`))
          return controller.close()
        }
        controller.enqueue(chunk)
        sent += chunk.length
      },
    })
    const response = await fetch(`${service.baseUrl}/import`, { method: 'POST', body, headers: { 'content-type': 'application/x-ndjson' } })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ imported: 2, updated: 0, rejected: 0, rejections: [] })
  }, 60_000)
})
