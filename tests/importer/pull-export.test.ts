import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Elysia } from 'elysia'
import { join } from 'node:path'
import { jsonErrors } from '../../src/http'
import { createImportSession, ExportPullError, pullExport } from '../../src/importer'
import { exportRoutes } from '../../src/sync'
import { runCli } from '../support/processes'
import { waitFor } from '../support/dht-probe'
import { freePort } from '../support/free-port'
import { makeTempDir } from '../support/temp-dir'
import { openTestIndex, quietLog } from '../support/test-index'
import { fillTravelIndex, snapshotIndex, travelLine } from '../support/travel-index'

const KEY = 'pull-key-0123456789abcdef'

/** A loopback server answering with `answer`, keeping every request's URL. */
function serve(answer: (request: Request) => Response | Promise<Response>) {
  const urls: URL[] = []
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request) {
      urls.push(new URL(request.url))
      return answer(request)
    },
  })
  return { base: `http://127.0.0.1:${server.port}`, urls, stop: () => server.stop(true) }
}

describe('cli import of an export URL', () => {
  const sourceDir = makeTempDir()
  let source: ReturnType<typeof serve>

  beforeAll(async () => {
    const index = openTestIndex({ path: join(sourceDir, 'index.db') })
    await fillTravelIndex(index)
    const add = createImportSession({ pipeline: index.pipeline, onRejected: () => {} })
    for (let n = 100; n < 330; n++) add.addJsonLine(travelLine(n), `extra ${n}`)
    await add.finish()
    const app = new Elysia().use(jsonErrors({ log: quietLog })).use(exportRoutes({ exports: index.store.exports, apiKey: () => KEY }))
    source = serve((request) => app.handle(request))
  })
  afterAll(() => source.stop())

  test('pulls every page to the end, following X-Next-Cursor, and restores every field', async () => {
    const target = makeTempDir()
    const result = await runCli(['import', `${source.base}/export?apikey=${KEY}&limit=100`], { DATA_DIR: target })
    expect(result.stderr).not.toContain('rejected http')
    expect(result.stdout.trim()).toBe('imported 250, updated 0, rejected 0')
    expect(result.exitCode).toBe(0)
    expect(source.urls.map((url) => url.searchParams.get('limit'))).toEqual(['100', '100', '100'])
    expect(source.urls[0]!.searchParams.has('after')).toBe(false)
    expect(source.urls.slice(1).every((url) => url.searchParams.get('after'))).toBe(true)
    expect(snapshotIndex(join(target, 'index.db'))).toEqual(snapshotIndex(join(sourceDir, 'index.db')))
  })

  test('takes the key as the password before the host (HTTP basic), and asks for 10,000 a page when the URL does not say', async () => {
    source.urls.length = 0
    const url = new URL(`${source.base}/export`)
    url.username = 'sync'
    url.password = KEY
    const result = await runCli(['import', url.href], { DATA_DIR: makeTempDir() })
    expect(result.stdout.trim()).toBe('imported 250, updated 0, rejected 0')
    expect(source.urls.map((pageUrl) => pageUrl.searchParams.get('limit'))).toEqual(['10000'])
  })

  test('a wrong key is one rejection naming the source with its key hidden, and the answer it gave', async () => {
    const result = await runCli(['import', `${source.base}/export?apikey=not-the-key-000000`], { DATA_DIR: makeTempDir() })
    expect(result.exitCode).toBe(1)
    expect(result.stderr).toContain(`rejected ${source.base}/export?apikey=****: ${source.base}/export?apikey=**** answered HTTP 401`)
    expect(result.stderr).not.toContain('not-the-key-000000')
    expect(result.stdout.trim()).toBe('imported 0, updated 0, rejected 1')
  })

  test('an unreachable source is one rejection, its key hidden; the other inputs are imported', async () => {
    const dir = makeTempDir()
    const file = join(dir, 'one.jsonl')
    await Bun.write(file, `${travelLine(7)}\n`)
    const port = freePort()
    const result = await runCli(['import', `http://127.0.0.1:${port}/export?apikey=${KEY}`, file], { DATA_DIR: dir })
    expect(result.exitCode).toBe(1)
    expect(result.stderr).toContain(
      `rejected http://127.0.0.1:${port}/export?apikey=****: http://127.0.0.1:${port}/export?apikey=**** could not be reached`,
    )
    expect(result.stderr).not.toContain(KEY)
    expect(result.stdout.trim()).toBe('imported 1, updated 0, rejected 1')
  })
})

describe('pullExport', () => {
  const open = () => {
    const index = openTestIndex()
    const rejected: string[] = []
    const session = createImportSession({ pipeline: index.pipeline, onRejected: (r) => rejected.push(`${r.origin}: ${r.reason}`) })
    return { index, session, rejected }
  }
  const page = (lines: string[], headers: Record<string, string> = {}) =>
    new Response(lines.map((line) => `${line}\n`).join(''), { headers: { 'content-type': 'application/x-ndjson', ...headers } })

  test('a source that hands back the cursor it was given is not asked again', async () => {
    const { session } = open()
    const source = serve(() => page([travelLine(1)], { 'x-next-cursor': 'same', 'x-resume-cursor': 'same' }))
    const report = await pullExport(`${source.base}/export`, { session, after: null })
    source.stop()
    expect(report).toEqual({ pages: 2, resumeCursor: 'same', isComplete: true })
    expect(source.urls).toHaveLength(2)
  })

  test('keeps each page cursor once its lines are committed, and rejects bad lines by page and line', async () => {
    const { session, index, rejected } = open()
    const committedAtPage: number[] = []
    const source = serve((request) => {
      const after = new URL(request.url).searchParams.get('after')
      if (!after) return page([travelLine(1), 'not json', travelLine(2)], { 'x-next-cursor': 'c1', 'x-resume-cursor': 'c1' })
      return page([travelLine(3)], { 'x-resume-cursor': 'c2' })
    })
    const report = await pullExport(`${source.base}/export?apikey=${KEY}`, {
      session,
      after: null,
      onPage: () => void committedAtPage.push((index.db.sqlite.query('SELECT count(*) AS n FROM torrents').get() as { n: number }).n),
    })
    source.stop()
    expect(report).toEqual({ pages: 2, resumeCursor: 'c2', isComplete: true })
    expect(committedAtPage).toEqual([2, 3])
    expect(rejected).toEqual([`${source.base}/export?apikey=**** page 1:2: not valid JSON`])
  })

  test.each([
    ['an HTML page', () => new Response('<html></html>', { headers: { 'content-type': 'text/html' } }), 'did not answer with JSON Lines'],
    [
      'a server error',
      () => Response.json({ error: 'internal', message: 'unexpected\nerror' }, { status: 500 }),
      'answered HTTP 500: unexpected error',
    ],
  ])('%s is an ExportPullError that names the source, its key hidden', async (_, answer, message) => {
    const { session } = open()
    const source = serve(answer)
    const pulled = pullExport(`${source.base}/export?apikey=${KEY}`, { session, after: 'c0' })
    await expect(pulled).rejects.toBeInstanceOf(ExportPullError)
    await expect(pulled).rejects.toThrow(`${source.base}/export?apikey=**** ${message}`)
    source.stop()
  })

  test('a page cut off mid-way is an error and its cursor is not kept; the lines before the cut are', async () => {
    const { session, index } = open()
    const count = () => (index.db.sqlite.query('SELECT count(*) AS n FROM torrents').get() as { n: number }).n
    const kept: string[] = []
    // A raw HTTP/1.1 answer whose chunked body stops mid-line, the connection closed without its last chunk.
    const body = `${travelLine(1)}\n${travelLine(2)}\n{"infoHash":`
    const cut = Bun.listen({
      hostname: '127.0.0.1',
      port: 0,
      socket: {
        data(socket) {
          socket.write(
            'HTTP/1.1 200 OK\r\ncontent-type: application/x-ndjson\r\ntransfer-encoding: chunked\r\nx-resume-cursor: never\r\n\r\n',
          )
          socket.write(`${body.length.toString(16)}\r\n${body}\r\n`)
          // Cut once the lines it sent are in the index, so the test holds however slow the machine.
          void waitFor(() => count() === 2, 30_000, 10).then(() => socket.end())
        },
      },
    })
    const source = { base: `http://127.0.0.1:${cut.port}`, stop: () => cut.stop(true) }
    await expect(
      pullExport(`${source.base}/export`, { session, after: null, onPage: (p) => void kept.push(p.resumeCursor) }),
    ).rejects.toThrow('broke off page 1')
    source.stop()
    await session.finish()
    expect(kept).toEqual([])
    expect(count()).toBe(2)
  })

  test('a page slower than its timeout fails the pull; stopping ends it without an error', async () => {
    const stalled = serve(
      () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode(`${travelLine(1)}\n`))
            },
          }),
          { headers: { 'content-type': 'application/x-ndjson' } },
        ),
    )
    await expect(pullExport(`${stalled.base}/export`, { session: open().session, after: null, pageTimeoutMs: 300 })).rejects.toThrow(
      'took longer than 0.3 s for page 1',
    )
    const stop = new AbortController()
    const pulled = pullExport(`${stalled.base}/export`, { session: open().session, after: 'c7', stop: stop.signal })
    setTimeout(() => stop.abort(), 100)
    expect(await pulled).toEqual({ pages: 0, resumeCursor: 'c7', isComplete: false })
    stalled.stop()
  })
})
