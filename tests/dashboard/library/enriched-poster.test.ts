import { afterAll, expect, test } from 'bun:test'
import { API_KEY, CATALOGUE } from '../../enrichment/catalogue'
import { importIntoCore, startWholeService } from '../../support/dashboard'
import { waitFor } from '../../support/dht-probe'
import { FAKE_IMAGE_BASE, startFakeTmdb } from '../../support/fake-tmdb'
import { hashOf } from '../../support/search-index'

const tmdb = startFakeTmdb(CATALOGUE, API_KEY)
const service = await startWholeService({ ARTWORK_API_KEY: API_KEY, ARTWORK_API_URL: tmdb.baseUrl, SERVICE_ARTWORK_RATE: '100' })
afterAll(() => {
  service.child.kill()
  tmdb.stop()
})

test("a torrent's page and the poster API show the poster of the work the core resolved, without a lookup of their own", async () => {
  const infoHash = hashOf(0x1999)
  await importIntoCore(service.baseUrl, [{ infoHash, name: 'The.Matrix.1999.1080p.BluRay.x264-GROUP', size: 2_000_000_000 }])
  await waitFor(() => tmdb.requests.some((request) => request.path === '/movie/603/external_ids'), 30_000, 100)
  const poster = `${FAKE_IMAGE_BASE}w500/poster-movie-603.jpg`
  let html = ''
  await waitFor(
    async () => {
      html = await (await fetch(`${service.dashboardUrl}/library/${infoHash}`)).text()
      return html.includes(poster)
    },
    10_000,
    100,
  )
  expect(html).toContain(`<img class="poster" src="${poster}"`)
  // The dashboard's own lookup (GET /movie/{id}) was never needed: the core's content row had it.
  expect(tmdb.requests.filter((request) => request.path === '/movie/603')).toEqual([])
  // The page's year is the work's.
  expect(html).toContain('1999')

  // The poster API answers from the same row, and only asks TMDB for a work no torrent resolved to.
  const answer = await fetch(`${service.dashboardUrl}/api/poster/603?media_type=movie`)
  expect(await answer.json()).toEqual({ external_id: '603', media_type: 'movie', poster_url: poster })
  expect(tmdb.requests.filter((request) => request.path === '/movie/603')).toEqual([])
  expect((await fetch(`${service.dashboardUrl}/api/poster/604?media_type=movie`)).status).toBe(404)
  expect(tmdb.requests.filter((request) => request.path === '/movie/604')).toHaveLength(1)
}, 60_000)
