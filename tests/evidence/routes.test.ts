/**
 * The evidence intake against a real service whose index holds the corpus torrents: native
 * webhooks of each *arr app and version, the generic form, bursts, every timestamp form, bad
 * bodies and the API key, with their effects (grabs, ground truth, penalties) read back from the
 * database, Torznab and GraphQL.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import {
  lidarrDownload,
  lidarrDownloadFailure,
  lidarrGrab,
  radarrV3Grab,
  radarrV5Download,
  readarrDownload,
  readarrImportFailure,
  sonarrTest,
  sonarrV3Grab,
  sonarrV4Download,
  sonarrV4ManualInteraction,
  whisparrDownload,
} from '../support/arr-payloads'
import { metricValue, waitFor } from '../support/dht-probe'
import { describeOnEngines } from '../support/engines'
import { ADMIN_HEADERS, openServiceIndex, runCli, startService, type RunningService } from '../support/processes'
import { closeAfterSuite } from '../support/suite-resources'
import { makeTempDir } from '../support/temp-dir'
import { type TestSql, testSql } from '../support/test-sql'
import { expectedKey, TORRENT_FIXTURES_DIR, torrentFixtures } from '../support/torrent-fixtures'
import { getTorznab } from '../support/torznab-client'

const API_KEY = 'evidence-test-key-0123456789'

const hashOf = (file: string) => expectedKey(torrentFixtures.find((fixture) => fixture.file === file)!)
const Z_NATION = hashOf('z-nation-s01e12.torrent')
const SINTEL = hashOf('sintel.torrent')
const WIRED = hashOf('wired-cd.torrent')
const LEAVES = hashOf('leaves-of-grass.torrent')
const JAV = hashOf('xxx-jav-a.torrent')
const CONTINUUM = hashOf('continuum-s01.torrent')

/** A count or an id, which PostgreSQL's int8 and numeric give as a string. */
const num = (value: unknown) => (value === null ? null : Number(value))

describeOnEngines('evidence intake', (engine) => {
  let service: RunningService
  let sql: TestSql

  function post(instance: string, body: unknown, init: { key?: string | null; headers?: Record<string, string> } = {}) {
    const url = new URL(`${service.baseUrl}/evidence/arr/${instance}`)
    if (init.key !== null) url.searchParams.set('apikey', init.key ?? API_KEY)
    return fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...init.headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
  }

  const count = async (text: string) => Number((await sql.get<{ n: unknown }>(text))!.n)
  const evidenceCount = () => count('SELECT count(*) AS n FROM evidence')
  const jobCount = () => count("SELECT count(*) AS n FROM queue_jobs WHERE queue = 'evidence'")
  // A plain array: toMatchObject refuses PostgreSQL's result list, an Array subclass, against a literal one.
  const rowsFor = async (hash: string) => [
    ...(await sql.all<{
      instance: string
      client: string
      event: string
      type: string
      result: string
      occurred_at: string
      received_at: string
    }>('SELECT instance, client, event, type, result, occurred_at, received_at FROM evidence WHERE info_hash = ? ORDER BY id', [
      Buffer.from(hash, 'hex'),
    ])),
  ]
  const torrent = async (hash: string) => {
    const row = (await sql.get<{
      grabs: number
      evidence_score: number
      content_type: string
      status: string
      categories: string
      imdb_id: string | null
      tvdb_id: number | null
    }>(
      `SELECT t.grabs, t.evidence_score, c.content_type, c.status, c.categories, c.imdb_id, c.tvdb_id
     FROM torrents t JOIN torrent_classifications c ON c.torrent_id = t.id WHERE t.info_hash = ?`,
      [Buffer.from(hash, 'hex')],
    ))!
    return { ...row, tvdb_id: num(row.tvdb_id) }
  }

  /** Posts and waits until the queue has recorded it. */
  async function deliver(instance: string, body: unknown): Promise<void> {
    const before = await evidenceCount()
    const response = await post(instance, body)
    expect(response.status).toBe(202)
    await waitFor(async () => (await evidenceCount()) > before, 30_000, 20)
  }

  beforeAll(async () => {
    // The CLI, the service and the test's own reads share one index.
    const vars = { DATA_DIR: makeTempDir('evidence-'), ...(await engine.serviceVars()) }
    const imported = await runCli(['import', TORRENT_FIXTURES_DIR], vars)
    expect(imported.exitCode).toBe(0)
    service = await startService({ ...vars, TORZNAB_API_KEY: API_KEY })
    sql = testSql(closeAfterSuite(await openServiceIndex(vars)))
  }, 60_000)

  afterAll(async () => {
    service.child.kill('SIGTERM')
    await service.child.exited
  })

  describe('native *arr webhooks', () => {
    test('a Sonarr v3 grab (upper-case download id) counts a grab, shown in Torznab', async () => {
      await deliver('sonarr', sonarrV3Grab(Z_NATION.toUpperCase()))
      expect(await rowsFor(Z_NATION)).toMatchObject([
        { instance: 'sonarr', client: 'sonarr', event: 'Grab', type: 'grab', result: 'success' },
      ])
      expect((await torrent(Z_NATION)).grabs).toBe(1)
      expect((await torrent(Z_NATION)).evidence_score).toBeCloseTo(0.1)
      const feed = await getTorznab(`${service.baseUrl}/torznab/api?t=search&q=nation&apikey=${API_KEY}`)
      expect(feed.items.find((item) => item.attrs.get('infohash')?.[0] === Z_NATION)!.attrs.get('grabs')).toEqual(['1'])
    })

    test('a burst of the same report within 60 s is recorded as duplicates with no effect', async () => {
      for (let i = 0; i < 3; i++) expect((await post('sonarr', sonarrV3Grab(Z_NATION))).status).toBe(202)
      await waitFor(async () => (await rowsFor(Z_NATION)).length === 4, 30_000, 20)
      expect((await rowsFor(Z_NATION)).map((row) => row.result)).toEqual(['success', 'duplicate', 'duplicate', 'duplicate'])
      expect((await torrent(Z_NATION)).grabs).toBe(1)
      // Another instance of the same client kind within 60 s reports the same grab: instance names are free to make up.
      await deliver('sonarr-4k', sonarrV3Grab(Z_NATION))
      expect((await rowsFor(Z_NATION)).at(-1)).toMatchObject({ instance: 'sonarr-4k', result: 'duplicate' })
      expect((await torrent(Z_NATION)).grabs).toBe(1)
      expect(await metricValue(service.baseUrl, 'evidence_reports_total', { client: 'sonarr', type: 'grab', result: 'duplicate' })).toBe(4)
      expect(await metricValue(service.baseUrl, 'evidence_reports_total', { client: 'sonarr', type: 'grab', result: 'success' })).toBe(1)
    })

    test('a Sonarr v4 import makes ground truth: confirmed tv_show, its tvdb id found by Torznab', async () => {
      expect((await torrent(Z_NATION)).status).toBe('pending')
      await deliver('sonarr', sonarrV4Download(Z_NATION))
      const row = (await rowsFor(Z_NATION)).at(-1)!
      expect(row).toMatchObject({ event: 'Download', type: 'import', result: 'success', occurred_at: '2024-03-02T10:11:12.123Z' })
      await waitFor(async () => (await torrent(Z_NATION)).status === 'confirmed', 30_000, 20)
      expect(await torrent(Z_NATION)).toMatchObject({ content_type: 'tv_show', tvdb_id: 280494, imdb_id: 'tt3843168' })
      const byId = await getTorznab(`${service.baseUrl}/torznab/api?t=tvsearch&tvdbid=280494&season=1&ep=12&apikey=${API_KEY}`)
      expect(byId.items.map((item) => item.attrs.get('infohash')?.[0])).toEqual([Z_NATION])
      const label = (await sql.get<{ labelled_by: string; seasons: string; episodes: string; tmdb_id: unknown }>(
        'SELECT labelled_by, seasons, episodes, tmdb_id FROM ground_truth_labels WHERE info_hash = ?',
        [Buffer.from(Z_NATION, 'hex')],
      ))!
      expect({ ...label, tmdb_id: num(label.tmdb_id) }).toEqual({ labelled_by: 'sonarr', seasons: '[1]', episodes: '[12]', tmdb_id: 60892 })
    })

    test('Radarr v3 grab and v5 import: a confirmed movie found by imdbid and tmdbid', async () => {
      await deliver('radarr', radarrV3Grab(SINTEL))
      await deliver('radarr', radarrV5Download(SINTEL))
      await waitFor(async () => (await torrent(SINTEL)).status === 'confirmed', 30_000, 20)
      expect(await torrent(SINTEL)).toMatchObject({ content_type: 'movie', imdb_id: 'tt1727587', grabs: 1 })
      expect(JSON.parse((await torrent(SINTEL)).categories)).toContain(2000)
      for (const query of ['imdbid=1727587', 'imdbid=tt1727587', 'tmdbid=45745']) {
        const feed = await getTorznab(`${service.baseUrl}/torznab/api?t=movie&${query}&apikey=${API_KEY}`)
        expect(
          feed.items.map((item) => item.attrs.get('infohash')?.[0]),
          query,
        ).toEqual([SINTEL])
      }
      expect((await rowsFor(SINTEL)).at(-1)!.occurred_at).toBe('2024-01-15T20:31:45.000Z')
    })

    test('Lidarr grab, import (a "YYYY-MM-DD HH:mm:ss" date) and download failure', async () => {
      await deliver('lidarr', lidarrGrab(WIRED))
      await deliver('lidarr', lidarrDownload(WIRED))
      await waitFor(async () => (await torrent(WIRED)).status === 'confirmed', 30_000, 20)
      expect((await torrent(WIRED)).content_type).toBe('music')
      expect((await rowsFor(WIRED)).map((row) => [row.type, row.result])).toEqual([
        ['grab', 'success'],
        ['import', 'success'],
      ])
      expect((await rowsFor(WIRED))[1]!.occurred_at).toBe('2023-06-01T08:30:00.000Z')
      const before = (await torrent(WIRED)).evidence_score
      await deliver('lidarr', lidarrDownloadFailure(WIRED))
      expect((await rowsFor(WIRED)).at(-1)).toMatchObject({ event: 'DownloadFailure', type: 'download', result: 'failed' })
      expect((await torrent(WIRED)).evidence_score).toBeCloseTo(before - 1)
    })

    test('Readarr import labels an ebook (offset timestamp to UTC); a repeat is a duplicate; an import failure is a penalty', async () => {
      await deliver('readarr', readarrDownload(LEAVES, 'Leaves of Grass.epub'))
      await waitFor(async () => (await torrent(LEAVES)).status === 'confirmed', 30_000, 20)
      expect((await torrent(LEAVES)).content_type).toBe('ebook')
      expect((await rowsFor(LEAVES))[0]!.occurred_at).toBe('2024-02-29T22:59:59.000Z')
      // The same instance reporting an import of it again within 60 s is a repeat, whatever the result.
      await deliver('readarr', readarrImportFailure(LEAVES))
      expect((await rowsFor(LEAVES)).at(-1)).toMatchObject({ type: 'import', result: 'duplicate' })
      expect((await torrent(LEAVES)).evidence_score).toBeCloseTo(1)
      // So is another Readarr instance's within 60 s: a made-up instance name is no new evidence.
      await deliver('readarr-2', readarrImportFailure(LEAVES))
      expect((await rowsFor(LEAVES)).at(-1)).toMatchObject({
        instance: 'readarr-2',
        client: 'readarr',
        type: 'import',
        result: 'duplicate',
      })
      expect((await torrent(LEAVES)).evidence_score).toBeCloseTo(1)
    })

    test('Whisparr import labels xxx; Sonarr v4 manual interaction is a failed import', async () => {
      await deliver('whisparr', whisparrDownload(JAV))
      await waitFor(async () => (await torrent(JAV)).status === 'confirmed', 30_000, 20)
      expect((await torrent(JAV)).content_type).toBe('xxx')
      await deliver('sonarr', sonarrV4ManualInteraction(CONTINUUM))
      expect(await rowsFor(CONTINUUM)).toMatchObject([{ event: 'ManualInteractionRequired', type: 'import', result: 'failed' }])
      expect((await torrent(CONTINUUM)).evidence_score).toBeCloseTo(-1)
      expect((await torrent(CONTINUUM)).status).toBe('pending')
    })

    test('an unknown hash and a usenet download id are recorded all the same', async () => {
      const unknown = 'ab'.repeat(20)
      await deliver('radarr', radarrV3Grab(unknown.toUpperCase()))
      expect(await rowsFor(unknown)).toHaveLength(1)
      const before = await evidenceCount()
      await deliver('radarr', radarrV3Grab('SABnzbd_nzo_kyt1f0'))
      const last = (await sql.get<{ info_hash: Uint8Array | null }>('SELECT info_hash FROM evidence ORDER BY id DESC LIMIT 1'))!
      expect(await evidenceCount()).toBe(before + 1)
      expect(last.info_hash).toBeNull()
    })

    test('evidence that came before its torrent applies when the torrent arrives', async () => {
      const early = 'ab'.repeat(20)
      await deliver('radarr', radarrV5Download(early))
      const line = JSON.stringify({
        infoHash: early,
        name: 'Sintel.2010.1080p.BluRay.x264-GRP',
        size: 1_000_000,
        files: [{ path: 'Sintel.2010.1080p.BluRay.x264-GRP.mkv', size: 1_000_000 }],
      })
      const imported = await fetch(`${service.baseUrl}/import?apikey=${API_KEY}`, { method: 'POST', body: line })
      expect(imported.status).toBe(200)
      await waitFor(
        async () => (await sql.get('SELECT 1 FROM torrents WHERE info_hash = ?', [Buffer.from(early, 'hex')])) !== undefined,
        30_000,
        20,
      )
      // The earlier test's grab (+0.1) and this import (+1).
      expect(await torrent(early)).toMatchObject({ grabs: 1, status: 'confirmed', content_type: 'movie', imdb_id: 'tt1727587' })
      expect((await torrent(early)).evidence_score).toBeCloseTo(1.1)
    })

    test('a magnet in the release fields names the torrent when the download id does not', async () => {
      const body = {
        ...radarrV3Grab('SABnzbd_nzo_x'),
        release: { releaseTitle: 'Alice', magnetUrl: `magnet:?xt=urn:btih:${hashOf('alice.torrent').toUpperCase()}&dn=alice` },
      }
      await deliver('radarr', body)
      expect(await rowsFor(hashOf('alice.torrent'))).toHaveLength(1)
    })

    test('Test events and events that are not evidence are answered 202 and not queued', async () => {
      const jobs = await jobCount()
      for (const body of [
        sonarrTest,
        { eventType: 'Rename', instanceName: 'Sonarr', series: {} },
        { eventType: 'HealthRestored', level: 'warning', message: 'ok' },
      ]) {
        const response = await post('sonarr', body)
        expect(response.status).toBe(202)
        expect(((await response.json()) as { status: string }).status).toBe('ignored')
      }
      expect(await jobCount()).toBe(jobs)
    })

    test('GraphQL lists the evidence, newest first, and per torrent', async () => {
      const response = await fetch(`${service.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...ADMIN_HEADERS },
        body: JSON.stringify({
          query: `{ evidence(input: { infoHash: "${WIRED}", limit: 10 }) { totalCount items { infoHash instance client event type result occurredAt receivedAt payload } } }`,
        }),
      })
      const body = (await response.json()) as { data: { evidence: { totalCount: number; items: Record<string, string>[] } } }
      expect(body.data.evidence.totalCount).toBe(3)
      expect(body.data.evidence.items.map((item) => item.event)).toEqual(['DownloadFailure', 'Download', 'Grab'])
      expect(body.data.evidence.items[2]).toMatchObject({
        infoHash: WIRED,
        instance: 'lidarr',
        client: 'lidarr',
        type: 'grab',
        result: 'success',
      })
      expect(JSON.parse(body.data.evidence.items[2]!.payload!).eventType).toBe('Grab')
      const search = await fetch(`${service.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: `{ torrentContent { search(input: { infoHashes: ["${WIRED}"] }) { items { grabs evidenceScore classificationStatus contentType } } } }`,
        }),
      })
      const content = ((await search.json()) as { data: { torrentContent: { search: { items: Record<string, unknown>[] } } } }).data
        .torrentContent.search.items
      expect(content).toEqual([
        { grabs: 1, evidenceScore: expect.closeTo(0.1, 5), classificationStatus: 'confirmed', contentType: 'music' },
      ])
    })
  })

  describe('the generic form and timestamps', () => {
    const generic = (occurred: unknown, extra: Record<string, unknown> = {}) => ({
      info_hash: hashOf('debian-10.8.0-netinst.torrent'),
      type: 'download',
      result: 'failed',
      occurred_at: occurred,
      client: 'other',
      ...extra,
    })
    const forms: [unknown, string][] = [
      ['2024-05-01T10:00:00Z', '2024-05-01T10:00:00.000Z'],
      ['2024-05-01T10:00:00.5+02:00', '2024-05-01T08:00:00.500Z'],
      ['2024-05-01T10:00:00.1234567-0130', '2024-05-01T11:30:00.123Z'],
      ['2024-05-01 10:00:00', '2024-05-01T10:00:00.000Z'],
      ['2024-05-01T10:00:00', '2024-05-01T10:00:00.000Z'],
      [1714557600, '2024-05-01T10:00:00.000Z'],
      [1714557600123, '2024-05-01T10:00:00.123Z'],
      ['1714557600', '2024-05-01T10:00:00.000Z'],
    ]
    for (const [given, expected] of forms) {
      test(`occurred_at ${JSON.stringify(given)} is stored as ${expected}`, async () => {
        // After the first, each is a repeat (one client kind, one torrent, within 60 s), recorded all the same.
        await deliver(`generic-${forms.findIndex(([form]) => form === given)}`, generic(given))
        expect((await sql.get<{ occurred_at: string }>('SELECT occurred_at FROM evidence ORDER BY id DESC LIMIT 1'))!.occurred_at).toBe(
          expected,
        )
      })
    }

    test('a generic successful import with a client kind labels the torrent', async () => {
      const hash = hashOf('ubuntu-23.04-desktop.torrent')
      await deliver('my-script', {
        info_hash: hash,
        type: 'import',
        result: 'success',
        client: 'other',
        content_type: 'software',
        title: 'Ubuntu',
        year: 2023,
      })
      await waitFor(async () => (await torrent(hash)).status === 'confirmed', 30_000, 20)
      expect((await torrent(hash)).content_type).toBe('software')
    })
  })

  describe('hostile reports', () => {
    const payloadBytes = async (text: string, ...params: Uint8Array[]) => Number((await sql.get<{ n: unknown }>(text, params))!.n ?? 0)
    const jobPayloadBytes = () => payloadBytes("SELECT sum(octet_length(payload)) AS n FROM queue_jobs WHERE queue = 'evidence'")
    const unfinishedJobs = () => count("SELECT count(*) AS n FROM queue_jobs WHERE queue = 'evidence' AND status != 'processed'")

    test('30 identical 1 MB grabs keep one capped payload: duplicates point at it, processed jobs drop theirs', async () => {
      const hash = 'cd'.repeat(20)
      const grab = sonarrV3Grab(hash)
      const body = JSON.stringify({ ...grab, padding: 'x'.repeat(1_000_000 - JSON.stringify(grab).length - 13) })
      expect(Buffer.byteLength(body)).toBe(1_000_000)
      const jobBytesBefore = await jobPayloadBytes()
      for (let i = 0; i < 30; i++) expect((await post('sonarr-flood', body)).status).toBe(202)
      await waitFor(async () => (await rowsFor(hash)).length === 30 && (await unfinishedJobs()) === 0, 30_000, 50)
      const evidenceBytes = await payloadBytes(
        'SELECT sum(octet_length(payload)) AS n FROM evidence WHERE info_hash = ?',
        Buffer.from(hash, 'hex'),
      )
      const jobBytes = (await jobPayloadBytes()) - jobBytesBefore
      expect({ evidenceBytes: evidenceBytes <= 65_536 + 100, jobBytes: jobBytes <= 30 * 2 }).toEqual({
        evidenceBytes: true,
        jobBytes: true,
      })
      const rows = await sql.all<{ id: unknown; result: string; duplicate_of: unknown; payload: string }>(
        'SELECT id, result, duplicate_of, payload FROM evidence WHERE info_hash = ? ORDER BY id',
        [Buffer.from(hash, 'hex')],
      )
      const [original, ...duplicates] = rows.map((row) => ({ ...row, id: num(row.id), duplicate_of: num(row.duplicate_of) }))
      expect(original).toMatchObject({ result: 'success', duplicate_of: null })
      expect(original!.payload.startsWith(body.slice(0, 1000))).toBe(true)
      expect(original!.payload).toContain('[truncated: 1000000 bytes received]')
      expect(new Set(duplicates.map((row) => JSON.stringify([row.result, row.duplicate_of, row.payload])))).toEqual(
        new Set([JSON.stringify(['duplicate', original!.id, ''])]),
      )
    }, 60_000)

    test('the same grab under 50 instance names within 60 s counts one grab', async () => {
      const hash = hashOf('big-buck-bunny.torrent')
      for (let i = 1; i <= 50; i++) expect((await post(`sonarr-${i}`, sonarrV3Grab(hash))).status).toBe(202)
      await waitFor(async () => (await rowsFor(hash)).length === 50, 30_000, 20)
      expect((await rowsFor(hash)).map((row) => row.result)).toEqual(['success', ...Array(49).fill('duplicate')])
      expect((await torrent(hash)).grabs).toBe(1)
      expect((await torrent(hash)).evidence_score).toBeCloseTo(0.1)
    }, 60_000)

    test('the same failure under 20 instance names within 60 s takes the penalty once', async () => {
      const hash = hashOf('fanimatrix.torrent')
      for (let i = 1; i <= 20; i++) expect((await post(`lidarr-${i}`, lidarrDownloadFailure(hash))).status).toBe(202)
      await waitFor(async () => (await rowsFor(hash)).length === 20, 30_000, 20)
      expect((await rowsFor(hash)).map((row) => row.result)).toEqual(['failed', ...Array(19).fill('duplicate')])
      expect((await torrent(hash)).evidence_score).toBeCloseTo(-1)
    }, 60_000)
  })

  describe('bad requests', () => {
    const bad: [string, string | unknown, string][] = [
      ['not JSON', '{"eventType": "Grab",', 'not JSON'],
      ['a JSON array', [sonarrV3Grab(SINTEL)], 'JSON object'],
      ['neither form', { hello: 'world' }, 'neither'],
      ['an unknown event type', { ...sonarrV3Grab(SINTEL), eventType: 'Teleported' }, 'unknown eventType'],
      ['eventType not a string', { ...sonarrV3Grab(SINTEL), eventType: 7 }, 'eventType must be a string'],
      ['series not an object', { ...sonarrV4Download(SINTEL), series: 'Z Nation' }, 'series must be an object'],
      ['episodes not a list', { ...sonarrV4Download(SINTEL), episodes: { id: 1 } }, 'episodes must be a list'],
      ['downloadId not a string', { ...sonarrV3Grab(SINTEL), downloadId: 12345 }, 'downloadId must be a string'],
      ['a tvdbId that is not a number', { ...sonarrV4Download(SINTEL), series: { title: 'x', tvdbId: 'abc' } }, 'series.tvdbId'],
      ['an unreadable dateAdded', sonarrV4Download(SINTEL, 'yesterday-ish'), 'episodeFile.dateAdded'],
      ['a generic form without a hash', { type: 'grab', result: 'success' }, 'info_hash'],
      ['a generic form with a bad type', { info_hash: SINTEL, type: 'seed', result: 'success' }, 'type must be one of'],
      [
        'a generic timestamp before 1990',
        { info_hash: SINTEL, type: 'grab', result: 'success', occurred_at: '1970-01-01T00:00:00Z' },
        'out of range',
      ],
      [
        'a generic timestamp that is no date',
        { info_hash: SINTEL, type: 'grab', result: 'success', occurred_at: '2024-02-30 10:00:00' },
        'not a real date',
      ],
    ]
    for (const [what, body, message] of bad) {
      test(`${what}: 400 naming it, nothing queued or changed`, async () => {
        const jobs = await jobCount()
        const before = await torrent(SINTEL)
        const response = await post('sonarr', body)
        expect(response.status).toBe(400)
        const answer = (await response.json()) as { error: string; message: string }
        expect(answer.error).toBe('bad_request')
        expect(answer.message).toContain(message)
        expect(await jobCount()).toBe(jobs)
        expect(await torrent(SINTEL)).toEqual(before)
      })
    }

    test('a body over 1 MiB is refused, whether declared or streamed', async () => {
      const huge = JSON.stringify({ ...sonarrV3Grab(SINTEL), padding: 'x'.repeat(1024 * 1024) })
      const declared = await post('sonarr', huge)
      expect(declared.status).toBe(400)
      expect(((await declared.json()) as { message: string }).message).toContain('over 1048576 bytes')
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(64 * 1024)))
          controller.close()
        },
      })
      const streamed = await fetch(`${service.baseUrl}/evidence/arr/sonarr?apikey=${API_KEY}`, { method: 'POST', body: stream })
      expect(streamed.status).toBe(400)
    })

    test('a bad instance name in the path is refused', async () => {
      expect((await post('bad%20name', sonarrV3Grab(SINTEL))).status).toBe(400)
    })

    test('the API key: none or a wrong one is 401; query, Bearer and basic password are accepted', async () => {
      expect((await post('sonarr', sonarrTest, { key: null })).status).toBe(401)
      expect((await post('sonarr', sonarrTest, { key: 'wrong-key-wrong-key' })).status).toBe(401)
      expect((await post('sonarr', sonarrTest, { key: null, headers: { authorization: `Bearer ${API_KEY}` } })).status).toBe(202)
      const basic = Buffer.from(`sonarr:${API_KEY}`).toString('base64')
      expect((await post('sonarr', sonarrTest, { key: null, headers: { authorization: `Basic ${basic}` } })).status).toBe(202)
    })
  })
})
