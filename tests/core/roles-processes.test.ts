/**
 * The roles as separate processes on one PostgreSQL index (issue 36): `bun src/main.ts core` with
 * SERVICE_ROLE and DATABASE_URL, each on an ephemeral loopback port, the index a fresh schema of
 * the test cluster. What one process writes the other acts on; a second worker waits as a standby
 * and takes over from a worker killed with SIGKILL.
 */
import { SQL } from 'bun'
import { afterAll, describe, expect, test } from 'bun:test'
import { sonarrV3Grab } from '../support/arr-payloads'
import { waitFor } from '../support/dht-probe'
import { freshPgSchema, pgSkipReason } from '../support/pg-cluster'
import { ADMIN_HEADERS, type RunningService, safeJson, startService } from '../support/processes'
import { makeTempDir } from '../support/temp-dir'

/** A crawler on loopback whose bootstrap node answers nothing. */
const CRAWLER = { SERVICE_DHT_ENABLED: 'true', SERVICE_DHT_HOST: '127.0.0.1', SERVICE_DHT_PORT: '0', SERVICE_DHT_BOOTSTRAP: '127.0.0.1:9' }

type CrawlerState = { enabled: boolean; running: boolean; paused: boolean; mode: string }

const importLine = (i: number) =>
  JSON.stringify({ infoHash: i.toString(16).padStart(40, '0'), name: `Streamed.Release.${i}.1080p.WEB-DL-GRP`, size: 1000 + i })

const skip = pgSkipReason()
const services: RunningService[] = []
const clients: SQL[] = []
afterAll(async () => {
  for (const service of services) service.child.kill('SIGKILL')
  await Promise.all(clients.map((client) => client.close()))
})

async function startRole(role: string, databaseUrl: string, env: Record<string, string> = {}): Promise<RunningService> {
  const service = await startService({ SERVICE_ROLE: role, DATABASE_URL: databaseUrl, DATA_DIR: makeTempDir('roles-'), ...env }, 'core')
  services.push(service)
  return service
}

const said = (service: RunningService, msg: string) => service.logs.some((line) => safeJson(line)?.msg === msg)
const HELD = 'worker lease held: running the jobs'
const STANDBY = 'worker standby: another process holds the worker lease; waiting for it'

describe.skipIf(skip !== null)(`roles as processes on PostgreSQL${skip ? ` (skipped: ${skip})` : ''}`, () => {
  test('an api and a worker: an import through the api is searched there, and its grab is recorded by the worker', async () => {
    const { url } = await freshPgSchema('roles')
    const index = new SQL(url, { max: 1 })
    clients.push(index)
    const api = await startRole('api', url)
    const worker = await startRole('worker', url)
    expect(said(worker, HELD)).toBe(true)
    expect(said(api, HELD)).toBe(false)
    // The listening line names the database, without the password in the URL.
    const listening = api.logs.map(safeJson).find((record) => record?.msg === 'core listening')!
    expect(String(listening.database)).toContain(`@${new URL(url).host}/`)
    expect(String(listening.database)).not.toContain(decodeURIComponent(new URL(url).password))

    const hash = 'c'.repeat(40)
    const imported = await fetch(`${api.baseUrl}/import`, {
      method: 'POST',
      body: JSON.stringify({ infoHash: hash, name: 'Process.Roles.S01E01.1080p.WEB-DL-GRP', size: 1_500_000_000 }),
    })
    expect(await imported.json()).toMatchObject({ imported: 1 })
    const feed = await (await fetch(`${api.baseUrl}/torznab/api?t=search&q=process+roles`)).text()
    expect(feed).toContain(hash)

    const grab = await fetch(`${api.baseUrl}/evidence/arr/sonarr`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(sonarrV3Grab(hash.toUpperCase())),
    })
    expect(grab.status).toBe(202)
    // The api only enqueued it: the worker process claims the job, records the report, then marks
    // the job done (a commit of its own, so both are waited for).
    await waitFor(async () => {
      const [job] = await index`SELECT status FROM queue_jobs WHERE queue = 'evidence'`
      return job?.status === 'processed'
    }, 30_000)
    expect(Number((await index`SELECT count(*) AS n FROM evidence`)[0].n)).toBe(1)
  })

  test('a crawler serves health and metrics only', async () => {
    const { url } = await freshPgSchema('roles')
    const crawler = await startRole('crawler', url, CRAWLER)
    expect((await fetch(`${crawler.baseUrl}/torznab/api?t=caps`)).status).toBe(404)
    expect((await fetch(`${crawler.baseUrl}/graphql`, { method: 'POST', body: '{}' })).status).toBe(404)
    expect((await fetch(`${crawler.baseUrl}/import`, { method: 'POST', body: '{}' })).status).toBe(404)
    expect((await fetch(`${crawler.baseUrl}/healthz`)).status).toBe(200)
    expect((await fetch(`${crawler.baseUrl}/metrics`)).status).toBe(200)
    await waitFor(() => said(crawler, 'dht crawler listening'), 30_000)
    expect(said(crawler, HELD)).toBe(false)
  })

  test('an api steers and shows the crawl of a crawler process: a pause through its GraphQL reaches the crawler, which reports back', async () => {
    const { url } = await freshPgSchema('roles')
    const crawler = await startRole('crawler', url, CRAWLER)
    // SERVICE_DHT_ENABLED at its default (the helper turns it off): this deployment crawls.
    const api = await startRole('api', url, { SERVICE_DHT_ENABLED: 'true' })
    const graphql = async (query: string) => {
      const response = await fetch(`${api.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...ADMIN_HEADERS },
        body: JSON.stringify({ query }),
      })
      return ((await response.json()) as { data: Record<string, Partial<CrawlerState>> }).data
    }
    // The crawler reports once its thread listens (at once, then every 5 s).
    await waitFor(async () => (await graphql('{ crawler { running } }')).crawler!.running === true, 30_000)
    expect((await graphql('{ crawler { enabled paused mode } }')).crawler).toEqual({ enabled: true, paused: false, mode: 'crawling' })

    const paused = (await graphql('mutation { setCrawlerPaused(paused: true) { paused mode } }')).setCrawlerPaused
    expect(paused).toEqual({ paused: true, mode: 'paused' })
    const pausedLine = () => crawler.logs.map(safeJson).find((record) => record?.msg === 'dht crawler paused')
    await waitFor(() => pausedLine() !== undefined, 30_000)
    expect(pausedLine()).toMatchObject({ reason: 'operator elsewhere', mode: 'paused' })

    await graphql('mutation { setCrawlerPaused(paused: false) { paused } }')
    await waitFor(() => said(crawler, 'dht crawler resumed'), 30_000)
    await waitFor(async () => (await graphql('{ crawler { mode } }')).crawler!.mode === 'crawling', 30_000)
  })

  test('a fetch by hash asked of an api is looked for by the crawler process, which ends it: not found at its deadline, or found once imported', async () => {
    const { url } = await freshPgSchema('roles')
    const timeout = { SERVICE_DHT_FETCH_TIMEOUT: '4s' }
    const crawler = await startRole('crawler', url, { ...CRAWLER, ...timeout })
    const api = await startRole('api', url, { SERVICE_DHT_ENABLED: 'true', ...timeout })
    await waitFor(() => said(crawler, 'dht crawler listening'), 30_000)
    const graphql = async (query: string) => {
      const response = await fetch(`${api.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...ADMIN_HEADERS },
        body: JSON.stringify({ query }),
      })
      return (await response.json()) as {
        data: Record<string, Partial<{ infoHash: string; state: string; detail: string | null }>[]> | null
      }
    }
    const stateOf = async (hash: string) =>
      (await graphql('{ fetchRequests { infoHash state detail } }')).data!.fetchRequests!.find((request) => request.infoHash === hash)
    const [lost, found] = ['d'.repeat(40), 'e'.repeat(40)]

    expect((await graphql(`mutation { fetchTorrents(targets: ["${lost}", "${found}"]) { state } }`)).data!.fetchTorrents).toEqual([
      { state: 'queued' },
      { state: 'queued' },
    ])
    // The api holds no deadline: the crawler process took both up, and ends the one nobody has.
    // One of them comes in through the api's import meanwhile: the crawler ends it as found.
    const imported = await fetch(`${api.baseUrl}/import`, {
      method: 'POST',
      body: JSON.stringify({ infoHash: found, name: 'Asked.For.2024.1080p.WEB-DL-GRP', size: 1_000_000 }),
    })
    expect(await imported.json()).toMatchObject({ imported: 1 })
    await waitFor(async () => (await stateOf(lost))?.state === 'not_found', 30_000)
    expect((await stateOf(lost))!.detail).toStartWith('not found within 4 s')
    await waitFor(async () => (await stateOf(found))?.state === 'found', 30_000)
    expect((await stateOf(found))!.detail).toBe('indexed')
  })

  test('a worker process whose storage cap finds the index full pauses the crawler process, which says why', async () => {
    const { url } = await freshPgSchema('roles')
    const crawler = await startRole('crawler', url, CRAWLER)
    await waitFor(() => said(crawler, 'dht crawler listening'), 30_000)
    expect(said(crawler, 'dht crawler paused')).toBe(false)
    // 4 MB of the schema the cap cannot evict (no torrent in it) under a 1 MB cap: full.
    const index = new SQL(url, { max: 1 })
    clients.push(index)
    await index`CREATE TABLE ballast AS SELECT md5(i::text) || md5((i * 7)::text) AS filler FROM generate_series(1, 40000) AS i`
    const worker = await startRole('worker', url, { SERVICE_STORAGE_LIMIT: '1MB' })
    const pausedLine = () => crawler.logs.map(safeJson).find((record) => record?.msg === 'dht crawler paused')
    await waitFor(() => pausedLine() !== undefined, 30_000)
    expect(pausedLine()).toMatchObject({ reason: 'storage full', mode: 'paused' })
    const status = (await (await fetch(`${crawler.baseUrl}/api/v1/status`)).json()) as { components: { dht: { error: string | null } } }
    // The worker's figures: the schema's data against the cap, and the whole database as the server sizes it.
    const storage = ((await (await fetch(`${worker.baseUrl}/api/v1/status`)).json()) as { storage: Record<string, number | boolean> })
      .storage
    expect(storage).toMatchObject({ limitBytes: 1_000_000, isFull: true })
    expect(storage.usedBytes as number).toBeGreaterThan(4_000_000)
    expect(storage.databaseBytes as number).toBeGreaterThan(storage.usedBytes as number)
    expect(status.components.dht.error).toMatch(/^the index is full: \d+ bytes in use, over SERVICE_STORAGE_LIMIT \(1000000\)/)
  })

  test('a second worker waits as a standby and takes over when the first is killed with SIGKILL', async () => {
    const { url } = await freshPgSchema('roles')
    const first = await startRole('worker', url)
    expect(said(first, HELD)).toBe(true)
    const second = await startRole('worker', url)
    expect(said(second, STANDBY)).toBe(true)
    expect(said(second, HELD)).toBe(false)
    first.child.kill('SIGKILL')
    await first.child.exited
    // The server drops a dead client's session lock; the standby's next try (every 2 s) gets it.
    await waitFor(() => said(second, HELD), 30_000)
    const health = (await (await fetch(`${second.baseUrl}/healthz`)).json()) as { components: Record<string, string> }
    expect(health.components.queue).toBe('up')
  })

  test('kill -9 of an api process in the middle of an import leaves whole batches only, and the others carry on', async () => {
    const { url } = await freshPgSchema('roles')
    const index = new SQL(url, { max: 1 })
    clients.push(index)
    const worker = await startRole('worker', url)
    // Batches of 2000 and no timed flush, as a fast upload commits them; debug logs each commit.
    const api = await startRole('api', url, { LOG_LEVEL: 'debug', SERVICE_INGEST_BATCH_SIZE: '2000', SERVICE_INGEST_FLUSH_INTERVAL: '1h' })
    const committedLogs = () => api.logs.map(safeJson).filter((record) => record?.msg === 'ingest batch committed')
    const upload = await openRawUpload(api.baseUrl)
    // Lines keep coming until the kill, so it lands part-way through however slow the machine is.
    let sent = 0
    while (committedLogs().length < 5 && sent < 2_000_000) {
      await upload.send(`${Array.from({ length: 1000 }, (_, i) => importLine(sent + i)).join('\n')}\n`)
      sent += 1000
    }
    api.child.kill('SIGKILL')
    await api.child.exited
    upload.close()
    expect(api.child.signalCode).toBe('SIGKILL')
    const committed = Math.max(...committedLogs().map((record) => Number(record!.totalImported)))
    expect(committed).toBeGreaterThanOrEqual(10_000)

    const count = async (query: Promise<{ n: string }[]>) => Number((await query)[0]!.n)
    const stored = await count(index`SELECT count(*) AS n FROM torrents`)
    // Every batch the log called committed is there, and nothing of a batch the kill cut short.
    expect(stored).toBeGreaterThanOrEqual(committed)
    expect(stored).toBeLessThan(sent)
    expect(stored % 2000).toBe(0)
    // Each stored torrent has its classification, categories and search document; nothing points at a torrent not stored.
    expect(await count(index`SELECT count(*) AS n FROM torrent_classifications`)).toBe(stored)
    expect(await count(index`SELECT count(*) AS n FROM torrent_search`)).toBe(stored)
    expect(await count(index`SELECT count(DISTINCT torrent_id) AS n FROM torrent_categories`)).toBe(stored)
    expect(
      await count(
        index`SELECT count(*) AS n FROM torrent_categories c WHERE NOT EXISTS (SELECT 1 FROM torrents t WHERE t.id = c.torrent_id)`,
      ),
    ).toBe(0)
    // The counters the triggers keep moved with the rows, in the same commits.
    expect(await count(index`SELECT sum(torrents) AS n FROM torrent_counts`)).toBe(stored)

    // The worker never noticed; a new api process on the same index serves what was committed.
    expect((await fetch(`${worker.baseUrl}/healthz`)).status).toBe(200)
    const again = await startRole('api', url)
    const feed = await (await fetch(`${again.baseUrl}/torznab/api?t=search&q=streamed+release+${stored - 1}`)).text()
    expect(feed).toContain((stored - 1).toString(16).padStart(40, '0'))
  })
})

/**
 * A raw HTTP/1.1 upload to POST /import whose body (announced as 1 GB) is written as the test goes,
 * so the process can be killed with the upload part-way through.
 */
async function openRawUpload(baseUrl: string) {
  const { hostname, port } = new URL(baseUrl)
  const socket = await Bun.connect({ hostname, port: Number(port), socket: { data: () => {}, error: () => {} } })
  socket.write(`POST /import HTTP/1.1\r\nHost: ${hostname}\r\nContent-Length: 1000000000\r\n\r\n`)
  return {
    /** Writes `text`, waiting while the socket's buffer is full. */
    async send(text: string) {
      let bytes = Buffer.from(text)
      while (bytes.length > 0) {
        const written = socket.write(bytes)
        if (written < 0) return
        bytes = bytes.subarray(written)
        if (bytes.length > 0) await Bun.sleep(5)
      }
    },
    close: () => socket.end(),
  }
}
