import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { openDatabase } from '../../src/store/sqlite'
import { waitFor } from '../support/dht-probe'
import { ADMIN_HEADERS, type RunningService, safeJson, startService } from '../support/processes'
import { freePort } from '../support/free-port'
import { makeTempDir } from '../support/temp-dir'
import { snapshotIndex, travelLine } from '../support/travel-index'

const KEY = 'sync-source-key-0123456789'
const WANTED = 7
const BLOCKED = 8

/** Lines of the export format: every tenth with a label, tags and grabs, as another index would send. */
const lineOf = (n: number) =>
  n % 10 === 0
    ? travelLine(n, {
        label: { contentType: 'tv_show', source: 'sonarr-far', title: 'Travel Show' },
        externalIds: { tvdb: 1000 + n },
        tags: ['far'],
        grabs: 2,
      })
    : travelLine(n, n === WANTED ? { name: 'Wanted.Film.2020.1080p.BluRay-GRP', files: [{ path: 'Wanted.Film.2020.mkv', size: 8e9 }] } : {})
const hashOf = (n: number) => JSON.parse(travelLine(n)).infoHash as string

function countTorrents(dataDir: string): number {
  const db = openDatabase(join(dataDir, 'index.db'), { readonly: true })
  try {
    return (db.sqlite.query('SELECT count(*) AS n FROM torrents').get() as { n: number }).n
  } finally {
    db.close()
  }
}

/**
 * Stands between the follower and its source, passing requests on and counting what went through:
 * each request's cursor and the lines it was answered with. It can listen on a given port, to
 * appear where an unreachable source was.
 */
function startCountingProxy(target: () => string, port = 0) {
  const requests: { after: string | null; lines: number }[] = []
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port,
    async fetch(request) {
      const url = new URL(request.url)
      const answer = await fetch(`${target()}${url.pathname}${url.search}`, { headers: request.headers })
      const text = await answer.text()
      requests.push({ after: url.searchParams.get('after'), lines: text.split('\n').filter(Boolean).length })
      const headers = new Headers()
      for (const name of ['content-type', 'x-next-cursor', 'x-resume-cursor']) {
        const value = answer.headers.get(name)
        if (value) headers.set(name, value)
      }
      return new Response(text, { status: answer.status, headers })
    },
  })
  return { base: `http://127.0.0.1:${server.port}`, requests, stop: () => server.stop(true) }
}

async function stopService(service: RunningService): Promise<void> {
  service.child.kill('SIGTERM')
  const code = await service.child.exited
  expect({ code, logs: code === 0 ? [] : service.logs }).toEqual({ code: 0, logs: [] })
}

async function graphql(service: RunningService, query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(`${service.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...ADMIN_HEADERS },
    body: JSON.stringify({ query, variables }),
  })
  const body = (await response.json()) as { data?: Record<string, unknown>; errors?: unknown }
  if (body.errors) throw new Error(JSON.stringify(body.errors))
  return body.data!
}

// The cores run alone ('core'): a dashboard beside one would register its own (empty) set of wants.
describe('an instance following another (SERVICE_SYNC_SOURCES)', () => {
  const sourceDir = makeTempDir()
  const followerDir = makeTempDir()
  let source: RunningService
  let proxy: ReturnType<typeof startCountingProxy>
  const followerEnv = () => ({
    DATA_DIR: followerDir,
    SERVICE_SYNC_SOURCES: `${proxy.base}/export?apikey=${KEY}&limit=100`,
    SERVICE_SYNC_INTERVAL: '300ms',
  })

  beforeAll(async () => {
    source = await startService({ DATA_DIR: sourceDir, TORZNAB_API_KEY: KEY }, 'core')
    const body = Array.from({ length: 250 }, (_, i) => lineOf(i + 1)).join('\n')
    const imported = await fetch(`${source.baseUrl}/import?apikey=${KEY}`, { method: 'POST', body })
    expect(await imported.json()).toMatchObject({ imported: 250, rejected: 0 })
    proxy = startCountingProxy(() => source.baseUrl)
  })
  afterAll(() => {
    source?.child.kill('SIGKILL')
    proxy?.stop()
  })

  test('catches up through the same checks as any import (wants, block list), page by page, every field carried', async () => {
    // Before it follows anything: a want, and a hash its operator deleted.
    const setup = await startService({ DATA_DIR: followerDir }, 'core')
    await graphql(setup, 'mutation($wants: [WantInput!]!) { registerWants(wants: $wants) }', {
      wants: [{ id: 'want-film', query: 'wanted film', contentType: 'movie' }],
    })
    await graphql(setup, 'mutation($hashes: [Hash20!]!) { torrent { delete(infoHashes: $hashes) } }', { hashes: [hashOf(BLOCKED)] })
    await stopService(setup)

    const follower = await startService(followerEnv(), 'core')
    await waitFor(() => countTorrents(followerDir) === 249, 30_000, 100)
    await waitFor(() => proxy.requests.length >= 3, 30_000, 50)
    expect(proxy.requests.slice(0, 3)).toEqual([
      { after: null, lines: 100 },
      { after: expect.any(String), lines: 100 },
      { after: expect.any(String), lines: 50 },
    ])
    const matches = (await graphql(follower, '{ wantMatches { wantId infoHash } }')).wantMatches
    expect(matches).toEqual([{ wantId: 'want-film', infoHash: hashOf(WANTED) }])
    await stopService(follower)

    const expected = snapshotIndex(join(sourceDir, 'index.db'))
    delete expected[hashOf(BLOCKED)]
    expect(snapshotIndex(join(followerDir, 'index.db'))).toEqual(expected)
    const sourceRows = Object.values(expected) as { status: string; grabs: number }[]
    expect(sourceRows.filter((row) => row.status === 'confirmed' && row.grabs === 2)).toHaveLength(25)
  })

  test('after a restart it resumes where it left off: only torrents stored since are read', async () => {
    const body = Array.from({ length: 30 }, (_, i) => lineOf(1000 + i)).join('\n')
    await fetch(`${source.baseUrl}/import?apikey=${KEY}`, { method: 'POST', body })
    proxy.requests.length = 0
    const follower = await startService(followerEnv(), 'core')
    await waitFor(() => countTorrents(followerDir) === 279, 30_000, 100)
    await waitFor(() => proxy.requests.length >= 2, 30_000, 50)
    await stopService(follower)
    expect(proxy.requests[0]).toEqual({ after: expect.any(String), lines: 30 })
    // Every later pull (one each interval) asks after the last page and is answered empty.
    expect(proxy.requests.slice(1).every((request) => request.lines === 0 && request.after !== null)).toBe(true)
    expect(proxy.requests.reduce((lines, request) => lines + request.lines, 0)).toBe(30)
    expect(follower.logs.some((line) => safeJson(line)?.msg === 'sync source pulled')).toBe(true)
  })

  test('an unreachable source and a wrong key are logged without the keys, retried later, and crash nothing', async () => {
    const port = freePort()
    const dataDir = makeTempDir()
    const follower = await startService(
      {
        DATA_DIR: dataDir,
        SERVICE_SYNC_SOURCES: `http://127.0.0.1:${port}/export?apikey=${KEY},${proxy.base}/export?apikey=wrong-key-00000000`,
        SERVICE_SYNC_INTERVAL: '300ms',
      },
      'core',
    )
    const failures = () =>
      follower.logs.map((line) => safeJson(line)).filter((record) => record?.msg === 'sync source failed, trying again later')
    await waitFor(() => failures().filter((record) => String(record!.reason).includes('could not be reached')).length >= 2, 30_000, 100)
    await waitFor(() => failures().some((record) => String(record!.reason).includes('answered HTTP 401')), 30_000, 100)
    expect(failures()[0]).toMatchObject({ level: 'warn', component: 'sync', retryInMs: 300 })
    expect((await fetch(`${follower.baseUrl}/healthz`)).status).toBe(200)

    // The source comes up where nothing answered: the next try catches up.
    const late = startCountingProxy(() => source.baseUrl, port)
    try {
      await waitFor(() => countTorrents(dataDir) === 280, 30_000, 100)
    } finally {
      await stopService(follower)
      late.stop()
    }
    expect(follower.logs.join('\n')).not.toContain(KEY)
    expect(follower.logs.join('\n')).not.toContain('wrong-key-00000000')
    expect(follower.logs.join('\n')).toContain(`http://127.0.0.1:${port}/export?apikey=****`)
  })
})
