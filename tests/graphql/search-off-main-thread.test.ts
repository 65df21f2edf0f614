import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { FACET_NAMES } from '../../src/search'
import { type FeedService, startFeedService } from '../support/feed-fixture'
import { describeOnEngines } from '../support/engines'

/**
 * Big enough that each search's counts and facets read until their budget runs out (tens of ms
 * each). PostgreSQL's searches take about three times as long over the same rows, so fewer make
 * the operation as slow, and its import (through the CLI, as a user's) costs the most of the run.
 */
const FILLER_COUNT = { sqlite: 40_000, postgres: 12_000 }

const ALL_FACETS = FACET_NAMES.map((name) => `${name}: { aggregate: true }`).join(', ')

/** Ten searches (the cost limit), each counting every match and every facet; texts differ so none is answered twice. */
const HEAVY_QUERY = `{ torrentContent { ${Array.from(
  { length: 10 },
  (_, i) =>
    `s${i}: search(input: { queryString: "filler ${['720p', '1080p'][i % 2]}", limit: ${i + 1}, totalCount: true, facets: { ${ALL_FACETS} } }) { totalCount aggregations { contentType { value count } } }`,
).join(' ')} } }`

describeOnEngines('GraphQL search off the main thread', (engine) => {
  let service: FeedService

  beforeAll(async () => {
    // One search thread runs the ten searches one after another, so the operation takes hundreds of ms.
    service = await startFeedService(engine, { SERVICE_SEARCH_WORKERS: '1' }, FILLER_COUNT[engine.engine])
    // Importing and reclassifying the fillers: about 20 s alone on SQLite, several times that on a loaded machine.
  }, 300_000)

  afterAll(() => service?.stop())

  describe('GraphQL search', () => {
    test('a heavy search leaves /healthz answering while it runs', async () => {
      const timedFetch = async (url: string, init?: RequestInit) => {
        const startedAt = performance.now()
        const response = await fetch(url, init)
        const body = await response.text()
        return { status: response.status, body, ms: performance.now() - startedAt, doneAt: performance.now() }
      }
      const graphql = timedFetch(`${service.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: HEAVY_QUERY }),
      })
      // Let the operation reach its resolvers before asking for health.
      await Bun.sleep(30)
      const healthz = await timedFetch(`${service.baseUrl}/healthz`)
      const heavy = await graphql

      expect(heavy.status).toBe(200)
      const answer = JSON.parse(heavy.body) as { data: { torrentContent: Record<string, { totalCount: number }> }; errors?: unknown }
      expect(answer.errors).toBeUndefined()
      expect(answer.data.torrentContent.s0!.totalCount).toBeGreaterThan(0)
      expect(healthz.status).toBe(200)
      // The assertion means something only if the search is slow; enlarge FILLER_COUNT otherwise.
      expect(heavy.ms).toBeGreaterThan(200)
      expect(healthz.ms).toBeLessThan(heavy.ms / 2)
      expect(healthz.doneAt).toBeLessThan(heavy.doneAt)
    }, 60_000)
  })
})
