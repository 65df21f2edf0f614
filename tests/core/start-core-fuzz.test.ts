/**
 * The core app under seeded random input: a few thousand requests built from real shapes (the
 * *arr webhook bodies, import lines, GraphQL operations) and then broken on purpose (fields of
 * the wrong type, values cut short or nested deep, junk bytes, odd content types). Whatever
 * comes in, the answer is never a 5xx and the service keeps answering. The seed is printed on
 * failure, so a failing input can be replayed.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import {
  lidarrDownload,
  radarrV3Grab,
  radarrV5Download,
  readarrDownload,
  sonarrTest,
  sonarrV3Grab,
  sonarrV4Download,
  whisparrDownload,
} from '../support/arr-payloads'
import { type RunningService, startService } from '../support/processes'
import { createRandom, type Random } from '../support/seeded-random'
import { makeTempDir } from '../support/temp-dir'

const SEED = Number(process.env.FUZZ_SEED ?? 20261123)
const KEY = 'fuzz-key'
type Json = Record<string, unknown>

const hash = (random: Random) => Array.from({ length: 40 }, () => '0123456789abcdef'[random.int(0, 15)]).join('')

/** A value of any JSON type, sometimes awkward: huge, negative, nested, unicode, control characters. */
function junkValue(random: Random, depth = 0): unknown {
  switch (random.int(0, depth > 3 ? 6 : 8)) {
    case 0:
      return null
    case 1:
      return random.pick([0, -1, 1.5, 2 ** 53, -(2 ** 63), Number.MAX_VALUE, 1e-300])
    case 2:
      return random.pick(['', ' ', 'x'.repeat(10_000), '\u0000\u0001', '\ud800', '💥', '../../etc/passwd', '<b>&"', 'NaN'])
    case 3:
      return random.next() < 0.5
    case 4:
      return hash(random).toUpperCase()
    case 5:
      return new Date(random.int(0, 2 ** 31 - 1) * 1000).toISOString()
    case 6:
      return `${random.int(0, 9999)}`
    case 7:
      return Array.from({ length: random.int(0, 3) }, () => junkValue(random, depth + 1))
    default:
      return Object.fromEntries(Array.from({ length: random.int(0, 3) }, (_, i) => [`k${i}`, junkValue(random, depth + 1)]))
  }
}

/** Replaces, deletes or re-types fields of a real body, at any depth. */
function mutate(random: Random, value: unknown, depth = 0): unknown {
  if (Array.isArray(value)) return value.map((item) => (random.next() < 0.2 ? junkValue(random) : mutate(random, item, depth + 1)))
  if (value === null || typeof value !== 'object') return random.next() < 0.15 ? junkValue(random) : value
  const out: Json = {}
  for (const [key, field] of Object.entries(value)) {
    const roll = random.next()
    if (roll < 0.08) continue
    out[key] = roll < 0.2 ? junkValue(random) : mutate(random, field, depth + 1)
  }
  if (random.next() < 0.1) out[`extra${random.int(0, 8)}`] = junkValue(random)
  return out
}

function nested(open: string, close: string, depth: number, inner = ''): string {
  return open.repeat(depth) + inner + close.repeat(depth)
}

/** Text as it might arrive: cut short, doubled, junk bytes, or a deep nesting. */
function breakText(random: Random, text: string): string {
  switch (random.int(0, 6)) {
    case 0:
      return text.slice(0, random.int(0, text.length))
    case 1:
      return text + text
    case 2:
      return text.replace(/[{}[\]"]/, random.pick(['', '{', ']', '\\', '\u0000']))
    case 3:
      return nested('[', ']', 1 + random.int(0, 19999))
    case 4:
      return String.fromCharCode(...Array.from({ length: random.int(0, 199) }, () => random.int(0, 0xd7ff - 1)))
    default:
      return text
  }
}

const ARR_BODIES: ((downloadId: string) => Json)[] = [
  sonarrV3Grab,
  (id) => sonarrV4Download(id),
  radarrV3Grab,
  (id) => radarrV5Download(id),
  lidarrDownload,
  (id) => readarrDownload(id, '/books/a.epub'),
  whisparrDownload,
  () => sonarrTest,
  (id) => ({ info_hash: id, type: 'grab', result: 'success', occurred_at: '2024-01-01T00:00:00Z', client: 'sonarr' }),
]

const GRAPHQL_OPERATIONS = [
  '{ version }',
  '{ torrentContent { search(input: { queryString: "dune", limit: 10, totalCount: true }) { totalCount items { infoHash title } } } }',
  'query Q($input: TorrentContentSearchQueryInput!) { torrentContent { search(input: $input) { items { title } } } }',
  '{ torrent { suggestTags(input: { prefix: "a" }) { suggestions { name count } } } }',
  '{ queue { jobs(input: { limit: 5 }) { items { id queue status } } } }',
  '{ evidence(input: { limit: 3 }) { totalCount } }',
  'mutation { torrent { putTags(infoHashes: ["0000000000000000000000000000000000000001"], tagNames: ["x"]) } }',
]

function graphqlRequest(random: Random, baseUrl: string): Request {
  const query = breakText(random, random.pick(GRAPHQL_OPERATIONS))
  const variables =
    random.next() < 0.5
      ? { input: mutate(random, { queryString: 'x', limit: 5, facets: { contentType: { aggregate: true } } }) }
      : junkValue(random)
  const body = random.next() < 0.8 ? JSON.stringify({ query, variables }) : breakText(random, JSON.stringify({ query }))
  switch (random.int(0, 3)) {
    case 0: {
      const search = new URLSearchParams({ query, variables: breakText(random, JSON.stringify(variables)) })
      return new Request(`${baseUrl}/graphql?${search}`, { headers: { accept: 'application/json' } })
    }
    case 1:
      return new Request(`${baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': random.pick(['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) },
        body,
      })
    default:
      return new Request(`${baseUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  }
}

function webhookRequest(random: Random, baseUrl: string): Request {
  const body = mutate(random, random.pick(ARR_BODIES)(random.next() < 0.5 ? hash(random) : `SABnzbd_nzo_${random.int(0, 1e6 - 1)}`))
  const instance = random.pick(['sonarr', 'radarr-4k', 'a.b_c', '..', 'x'.repeat(80), '%00', 'ünï'])
  const text = random.next() < 0.85 ? JSON.stringify(body) : breakText(random, JSON.stringify(body))
  return new Request(`${baseUrl}/evidence/arr/${encodeURIComponent(instance)}?apikey=${KEY}`, {
    method: 'POST',
    headers: { 'content-type': random.pick(['application/json', 'text/plain', 'application/x-www-form-urlencoded']) },
    body: text,
  })
}

function importRequest(random: Random, baseUrl: string): Request {
  const lines = Array.from({ length: 1 + random.int(0, 19) }, (_, i) => {
    const line = mutate(random, {
      infoHash: hash(random),
      name: `Fuzz.Release.${i}.2024.1080p.WEB-DL-GRP`,
      size: 1_000_000 + random.int(0, 1e9 - 1),
      files: [{ path: 'Fuzz/video.mkv', size: 1_000_000 }],
      publishedAt: '2024-05-01T10:00:00Z',
      seeders: random.int(0, 99),
    })
    return random.next() < 0.9 ? JSON.stringify(line) : breakText(random, JSON.stringify(line))
  })
  return new Request(`${baseUrl}/import?apikey=${KEY}`, { method: 'POST', body: lines.join(random.pick(['\n', '\r\n', '\n\n'])) })
}

describe('the core app under seeded random input', () => {
  let service: RunningService
  beforeAll(async () => {
    service = await startService({ DATA_DIR: makeTempDir(), TORZNAB_API_KEY: KEY })
  })
  afterAll(() => service?.child.kill('SIGKILL'))

  const surfaces = { graphql: graphqlRequest, webhooks: webhookRequest, import: importRequest }
  for (const [surface, build] of Object.entries(surfaces)) {
    test(`${surface}: 1,000 broken requests, never a 5xx, and the service keeps answering (seed ${SEED})`, async () => {
      const random = createRandom(SEED + surface.length)
      const failures: string[] = []
      const deadline = Date.now() + 40_000
      let sent = 0
      for (; sent < 1000 && Date.now() < deadline; sent++) {
        const request = build(random, service.baseUrl)
        const replay = `${request.method} ${request.url.slice(0, 200)}`
        const response = await fetch(request)
        await response.arrayBuffer()
        if (response.status >= 500) failures.push(`${response.status} for request ${sent}: ${replay}`)
      }
      // The service's own account of each failure, for the replay.
      const errors = service.logs.filter((line) => line.includes('"level":"error"')).slice(0, 5)
      expect({ failures, errors }).toEqual({ failures: [], errors: [] })
      expect(sent).toBeGreaterThan(200)
      expect((await fetch(`${service.baseUrl}/healthz`)).status).toBe(200)
      expect(service.child.exitCode).toBeNull()
    }, 60_000)
  }
})
