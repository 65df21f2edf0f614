import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { importIntoCore, openTestDashboard, sendJson, startTestCore, type TestDashboard, waitForEvidence } from '../../support/dashboard'

const hash = (n: number) => n.toString(16).padStart(40, '0')
const releases = [
  { infoHash: hash(1), name: 'Dune.Part.Two.2024.2160p.WEB-DL.DDP5.1.Atmos.H.265-FLUX', size: 18_000_000_000 },
  { infoHash: hash(2), name: 'Dune.1984.1080p.BluRay.x264-AMIABLE', size: 9_000_000_000 },
  {
    infoHash: hash(3),
    name: 'The.Bear.S03E01.1080p.WEB.h264-ETHEL',
    size: 2_500_000_000,
    files: [
      { path: 'The.Bear.S03E01.1080p.WEB.h264-ETHEL.mkv', size: 2_499_000_000 },
      { path: 'The.Bear.S03E01.1080p.WEB.h264-ETHEL.nfo', size: 1_000_000 },
    ],
  },
  { infoHash: hash(4), name: 'Pink Floyd - The Dark Side of the Moon (1973) [FLAC]', size: 400_000_000 },
]

let core: Awaited<ReturnType<typeof startTestCore>>
let dashboard: TestDashboard
beforeAll(async () => {
  core = await startTestCore()
  await importIntoCore(core.baseUrl, releases)
  dashboard = openTestDashboard({ coreUrl: core.graphqlUrl })
})
afterAll(async () => {
  await dashboard.close()
  core.child.kill()
})

describe('GET /api/torrents', () => {
  test('lists summaries with the spec fields and a total before paging', async () => {
    const { status, body } = await dashboard.json('/api/torrents?limit=2')
    expect(status).toBe(200)
    expect(body.totalCount).toBe(4)
    expect(body.items).toHaveLength(2)
    for (const item of body.items) {
      expect(Object.keys(item).sort()).toEqual(['content_type', 'created_at', 'info_hash', 'size_bytes', 'title'])
      expect(item.info_hash).toMatch(/^[0-9a-f]{40}$/)
      expect(Date.parse(item.created_at)).not.toBeNaN()
    }
    const next = await dashboard.json('/api/torrents?limit=2&offset=2')
    expect(next.body.items.map((i: any) => i.info_hash)).not.toContain(body.items[0].info_hash)
  })

  test('q searches titles; content_type filters (tv is tv_show)', async () => {
    const dune = await dashboard.json('/api/torrents?q=dune')
    expect(dune.body.totalCount).toBe(2)
    expect(dune.body.items.every((i: any) => i.title.toLowerCase().includes('dune'))).toBe(true)
    const shows = await dashboard.json('/api/torrents?content_type=tv')
    expect(shows.body.items.map((i: any) => i.info_hash)).toEqual([hash(3)])
    expect(shows.body.items[0]).toMatchObject({ content_type: 'tv_show', size_bytes: 2_500_000_000 })
  })

  test.each([
    ['limit=0', 'limit'],
    ['limit=501', 'limit'],
    ['limit=ten', 'limit'],
    ['limit=1.5', 'limit'],
    ['offset=-1', 'offset'],
    ['offset=x', 'offset'],
    ['offset=2147483648', 'offset'],
    ['content_type=podcast', 'content_type'],
  ])('%s is a 400 naming %s', async (query, field) => {
    const { status, body } = await dashboard.json(`/api/torrents?${query}`)
    expect(status).toBe(400)
    expect(body.error).toBe('bad_request')
    expect(body.message.startsWith(field)).toBe(true)
  })

  test('limit 500 is allowed', async () => {
    expect((await dashboard.json('/api/torrents?limit=500')).body.items).toHaveLength(4)
  })
})

describe('GET /api/torrents/:info_hash', () => {
  test('shows the detail: magnet, files and the evidence about it, in any hash case', async () => {
    await fetch(
      `${core.baseUrl}/evidence/arr/sonarr-main`,
      sendJson('POST', { info_hash: hash(3), type: 'grab', result: 'success', client: 'sonarr' }),
    )
    await waitForEvidence(core.graphqlUrl, 1)
    const { status, body } = await dashboard.json(`/api/torrents/${hash(3).toUpperCase()}`)
    expect(status).toBe(200)
    expect(body).toMatchObject({ info_hash: hash(3), content_type: 'tv_show', size_bytes: 2_500_000_000 })
    expect(body.magnet_uri).toStartWith(`magnet:?xt=urn:btih:${hash(3)}`)
    expect(body.files).toEqual([
      { path: 'The.Bear.S03E01.1080p.WEB.h264-ETHEL.mkv', size_bytes: 2_499_000_000 },
      { path: 'The.Bear.S03E01.1080p.WEB.h264-ETHEL.nfo', size_bytes: 1_000_000 },
    ])
    expect(body.evidence).toHaveLength(1)
    expect(body.evidence[0]).toMatchObject({ source: 'sonarr', type: 'grab', result: 'success' })
    expect(Date.parse(body.evidence[0].recorded_at)).not.toBeNaN()
  })

  test('an unknown hash is a 404, a malformed one a 400', async () => {
    expect(await dashboard.json(`/api/torrents/${hash(99)}`)).toEqual({
      status: 404,
      body: { error: 'not_found', message: `no torrent with info hash ${hash(99)}` },
    })
    const bad = await dashboard.json('/api/torrents/xyz')
    expect(bad.status).toBe(400)
    expect(bad.body.message).toContain('info_hash')
  })
})

describe('evidence', () => {
  test('POST /api/evidence forwards to the core intake; GET lists it with the spec fields', async () => {
    const payload = { info_hash: hash(1), type: 'import', result: 'success', client: 'radarr' }
    const posted = await dashboard.request('/api/evidence?instance=radarr-4k', sendJson('POST', payload))
    expect(posted.status).toBe(202)
    await waitForEvidence(core.graphqlUrl, 2)
    const { status, body } = await dashboard.json('/api/evidence?limit=10')
    expect(status).toBe(200)
    const event = body.items.find((item: any) => item.info_hash === hash(1))
    expect(event).toMatchObject({ source: 'radarr', instance: 'radarr-4k', type: 'import', result: 'success', payload })
    expect(typeof event.id).toBe('string')
    expect(Date.parse(event.recorded_at)).not.toBeNaN()
  })

  test('bad paging and bad instance names are 400s; the core refusing a payload is passed on', async () => {
    expect((await dashboard.json('/api/evidence?limit=0')).status).toBe(400)
    expect((await dashboard.json('/api/evidence?limit=501')).body.message).toStartWith('limit')
    const badInstance = await dashboard.json('/api/evidence?instance=../etc', sendJson('POST', {}))
    expect(badInstance.status).toBe(400)
    expect(badInstance.body.message).toContain('instance')
    const refused = await dashboard.request('/api/evidence', sendJson('POST', { hello: 'world' }))
    expect(refused.status).toBe(400)
    // The core's own answer, passed on: its JSON error names what the payload lacks.
    expect(((await refused.json()) as { error: string; message: string }).error).toBe('bad_request')
  })

  test('a body over 64 KiB is refused without reaching the core', async () => {
    const response = await dashboard.request('/api/evidence', sendJson('POST', { pad: 'x'.repeat(70_000) }))
    expect(response.status).toBe(400)
    expect((await response.json()).message).toContain('body')
  })
})

describe('proxies', () => {
  test('POST /api/graphql returns the core envelope, errors included', async () => {
    const ok = await dashboard.json('/api/graphql', sendJson('POST', { query: '{ version }' }))
    expect(ok.status).toBe(200)
    expect(typeof ok.body.data.version).toBe('string')
    const failing = await dashboard.json('/api/graphql', sendJson('POST', { query: '{ noSuchField }' }))
    expect(failing.body.errors[0].message).toContain('noSuchField')
    const missing = await dashboard.json('/api/graphql', sendJson('POST', { variables: {} }))
    expect(missing.status).toBe(400)
    expect(missing.body.message).toContain('query')
  })

  test('GET /api/metrics is the core text exposition', async () => {
    const response = await dashboard.request('/api/metrics')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toStartWith('text/plain')
    expect(await response.text()).toContain('# TYPE')
  })
})
