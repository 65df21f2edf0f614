/** Only a JSON POST (or a query over GET) runs: a cross-site form cannot post a mutation. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { FEED_RELEASES, startFeedService, type FeedService } from '../support/feed-fixture'
import { describeOnEngines } from '../support/engines'

describeOnEngines('GraphQL CSRF prevention', (engine) => {
  let service: FeedService
  beforeAll(async () => {
    service = await startFeedService(engine, {}, 0)
  })
  afterAll(() => service?.stop())

  const target = FEED_RELEASES.matrix1080.infoHash
  const deletion = `mutation { torrent { delete(infoHashes: ["${target}"]) } }`

  async function countTarget(): Promise<number> {
    const response = await fetch(`${service.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `{ torrentContent { search(input: { infoHashes: ["${target}"], totalCount: true }) { totalCount } } }`,
      }),
    })
    return ((await response.json()) as { data: { torrentContent: { search: { totalCount: number } } } }).data.torrentContent.search
      .totalCount
  }

  async function expectRefused(response: Response, status: number) {
    expect(response.status).toBe(status)
    expect(response.headers.get('content-type')).toStartWith('application/json')
    const body = (await response.json()) as { errors?: { message: string }[]; data?: unknown }
    expect(body.errors?.length).toBeGreaterThan(0)
    expect(body.data ?? null).toBeNull()
    return body.errors![0]!.message
  }

  describe('jsonBodiesOnly', () => {
    test('a form, multipart, text or application/graphql POST of a mutation is a 415 and deletes nothing', async () => {
      expect(await countTarget()).toBe(1)
      const multipart = new FormData()
      // The GraphQL multipart request spec, which Yoga reads for uploads.
      multipart.set('operations', JSON.stringify({ query: deletion }))
      multipart.set('map', '{}')
      const bodies: [string, RequestInit][] = [
        ['form', { body: new URLSearchParams({ query: deletion }) }],
        ['multipart', { body: multipart }],
        ['text/plain', { headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ query: deletion }) }],
        ['application/graphql', { headers: { 'content-type': 'application/graphql' }, body: deletion }],
      ]
      for (const [, init] of bodies) {
        const response = await fetch(`${service.baseUrl}/graphql`, { method: 'POST', ...init })
        expect(await expectRefused(response, 415)).toContain('JSON body')
      }
      expect(await countTarget()).toBe(1)
    })

    test('a mutation over GET is refused with a JSON error', async () => {
      const response = await fetch(`${service.baseUrl}/graphql?query=${encodeURIComponent(deletion)}`)
      expect(await expectRefused(response, 405)).toContain('POST')
      expect(await countTarget()).toBe(1)
    })

    test('a query over GET and a JSON POST with a charset (web UI, GraphiQL) still run', async () => {
      const get = await fetch(`${service.baseUrl}/graphql?query=${encodeURIComponent('{ version }')}`)
      expect(get.status).toBe(200)
      expect(((await get.json()) as { data: { version: string } }).data.version).toMatch(/^\d+\.\d+\.\d+$/)
      const post = await fetch(`${service.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', accept: 'application/graphql-response+json, application/json' },
        body: JSON.stringify({
          query: `mutation($h: [Hash20!]!) { torrent { putTags(infoHashes: $h, tagNames: ["kept"]) } }`,
          variables: { h: [target] },
        }),
      })
      expect(post.status).toBe(200)
      expect(await post.json()).toEqual({ data: { torrent: { putTags: true } } })
    })
  })
})
