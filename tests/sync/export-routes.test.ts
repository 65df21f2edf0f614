import { afterAll, describe, expect, test } from 'bun:test'
import { Elysia } from 'elysia'
import { jsonErrors } from '../../src/http'
import { parseImportLine } from '../../src/importer'
import { exportRoutes } from '../../src/sync'
import { encodeExportCursor } from '../../src/sync/export-cursor'
import { openTestIndex, quietLog } from '../support/test-index'
import { travelLine } from '../support/travel-index'

const KEY = 'export-key-0123456789'

/** An index of `count` torrents behind GET /export on a loopback port; `add` stores more. */
function serveExport(count: number, apiKey: string | undefined = undefined) {
  const index = openTestIndex({ batchSize: 1000 })
  let next = 1
  const add = (n: number) => {
    for (let i = 0; i < n; i++) {
      const parsed = parseImportLine(travelLine(next++))
      if (parsed.ok) index.pipeline.submit(parsed.item)
    }
    index.pipeline.flush()
  }
  add(count)
  const app = new Elysia()
    .use(jsonErrors({ log: quietLog }))
    .use(exportRoutes({ exports: index.store.exports, apiKey: () => apiKey }))
    .listen({ hostname: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${app.server!.port}`
  return { index, add, base, stop: () => app.stop(true) }
}

const hashesIn = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line).infoHash as string)

const storedHashes = (index: ReturnType<typeof openTestIndex>) =>
  (index.db.sqlite.query('SELECT lower(hex(info_hash)) AS hash FROM torrents').all() as { hash: string }[]).map((row) => row.hash).sort()

describe('GET /export', () => {
  const servers: { stop(): unknown }[] = []
  afterAll(() => {
    for (const server of servers) server.stop()
  })
  const serve = (count: number, apiKey?: string) => {
    const server = serveExport(count, apiKey)
    servers.push(server)
    return server
  }

  test('pages of 1,000 by default as JSON Lines of the import format, X-Next-Cursor while more remain', async () => {
    const { base, index } = serve(1500)
    const first = await fetch(`${base}/export`)
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toStartWith('application/x-ndjson')
    const firstLines = (await first.text()).trim().split('\n')
    expect(firstLines).toHaveLength(1000)
    expect(firstLines.every((line) => parseImportLine(line).ok)).toBe(true)
    const cursor = first.headers.get('x-next-cursor')!
    expect(cursor).toBeTruthy()
    expect(first.headers.get('x-resume-cursor')).toBe(cursor)

    const second = await fetch(`${base}/export?after=${cursor}`)
    const secondHashes = hashesIn(await second.text())
    expect(secondHashes).toHaveLength(500)
    expect(second.headers.get('x-next-cursor')).toBeNull()
    expect(second.headers.get('x-resume-cursor')).toBeTruthy()
    expect([...hashesIn(firstLines.join('\n')), ...secondHashes].sort()).toEqual(storedHashes(index))
  })

  test('an empty index is one empty page, with a cursor to come back with', async () => {
    const { base, add } = serve(0)
    const empty = await fetch(`${base}/export`)
    expect({ status: empty.status, body: await empty.text(), next: empty.headers.get('x-next-cursor') }).toEqual({
      status: 200,
      body: '',
      next: null,
    })
    add(3)
    const later = await fetch(`${base}/export?after=${empty.headers.get('x-resume-cursor')}`)
    expect(hashesIn(await later.text())).toHaveLength(3)
  })

  test('paging meets every torrent once while torrents arrive, mid-page included, and resumes after the end', async () => {
    const { base, index, add } = serve(1200)
    const seen: string[] = []
    let cursor: string | null = null
    let resume: string | null = null
    let pages = 0
    do {
      const response: Response = await fetch(`${base}/export?limit=700${cursor ? `&after=${cursor}` : ''}`)
      const reader = response.body!.getReader()
      const decoder = new TextDecoder()
      let text = ''
      let isMidPageAddDone = pages > 0
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        text += decoder.decode(read.value, { stream: true })
        // Part of the page is out: torrents stored now come after the page's end, on a later page.
        if (!isMidPageAddDone) {
          add(250)
          isMidPageAddDone = true
        }
      }
      seen.push(...hashesIn(text))
      cursor = response.headers.get('x-next-cursor')
      resume = response.headers.get('x-resume-cursor')
      pages++
      if (pages === 2) add(100)
    } while (cursor)
    expect(seen).toHaveLength(new Set(seen).size)
    expect([...seen].sort()).toEqual(storedHashes(index))
    expect(seen).toHaveLength(1550)

    add(5)
    const after = await fetch(`${base}/export?after=${resume}`)
    expect(hashesIn(await after.text())).toHaveLength(5)
    expect(after.headers.get('x-next-cursor')).toBeNull()
  })

  test.each(['0', '10001', '-5', '1.5', 'many'])('limit=%s is a JSON 400 naming the limit', async (limit) => {
    const { base } = serve(1)
    const response = await fetch(`${base}/export?limit=${limit}`)
    expect(response.status).toBe(400)
    const body = (await response.json()) as { error: string; message: string }
    expect(body.error).toBe('bad_request')
    expect(body.message).toContain('limit must be a whole number from 1 to 10000')
  })

  test('limit=10000 is the largest page', async () => {
    const { base } = serve(3)
    const response = await fetch(`${base}/export?limit=10000`)
    expect({ status: response.status, lines: hashesIn(await response.text()).length }).toEqual({ status: 200, lines: 3 })
  })

  test.each([
    ['not base64', 'not a cursor!'],
    ['base64 of something else', Buffer.from('{"id":5}').toString('base64url')],
    ['a negative position', Buffer.from('v1.-5').toString('base64url')],
    ['another version', Buffer.from('v2.5').toString('base64url')],
    ['a position past 2^53', Buffer.from('v1.9999999999999999').toString('base64url')],
    ['one too long', 'A'.repeat(65)],
    ['SQL', '1 OR 1=1; DROP TABLE torrents'],
  ])('a cursor that is %s is a JSON 400, and nothing is read', async (_, cursor) => {
    const { base, index } = serve(2)
    const response = await fetch(`${base}/export?after=${encodeURIComponent(cursor)}`)
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: string }).error).toBe('bad_request')
    expect(storedHashes(index)).toHaveLength(2)
  })

  test('a cursor past the end is an empty last page', async () => {
    const { base } = serve(2)
    const response = await fetch(`${base}/export?after=${encodeExportCursor(10_000)}`)
    expect({ status: response.status, body: await response.text(), next: response.headers.get('x-next-cursor') }).toEqual({
      status: 200,
      body: '',
      next: null,
    })
  })

  test('with a Torznab key set, asks for it (apikey, Bearer or basic password) and answers a JSON 401 without it', async () => {
    const { base } = serve(2, KEY)
    for (const request of [
      new Request(`${base}/export`),
      new Request(`${base}/export?apikey=wrong-key-0123456789`),
      new Request(`${base}/export`, { headers: { authorization: 'Bearer wrong' } }),
    ]) {
      const response = await fetch(request)
      expect(response.status).toBe(401)
      expect(((await response.json()) as { error: string }).error).toBe('unauthorized')
    }
    // A wrong key with a bad cursor learns nothing about the cursor: the key is asked first.
    expect((await fetch(`${base}/export?after=junk`)).status).toBe(401)
    for (const request of [
      new Request(`${base}/export?apikey=${KEY}`),
      new Request(`${base}/export`, { headers: { authorization: `Bearer ${KEY}` } }),
      new Request(`${base}/export`, { headers: { authorization: `Basic ${btoa(`sync:${KEY}`)}` } }),
    ]) {
      const response = await fetch(request)
      expect({ status: response.status, lines: hashesIn(await response.text()).length }).toEqual({ status: 200, lines: 2 })
    }
  })
})
