import { afterAll, describe, expect, test } from 'bun:test'
import { freeUdpPort, waitFor } from '../support/dht-probe'
import { ADMIN_HEADERS, type RunningService, startService } from '../support/processes'
import { makeTempDir } from '../support/temp-dir'

const hashOf = (n: number) => `${n.toString(16).padStart(8, '0')}${'34'.repeat(16)}`
const TORRENTS = 3_000

const running: RunningService[] = []
afterAll(async () => {
  for (const service of running) {
    service.child.kill()
    await service.child.exited
  }
})

describe('a full index', () => {
  test('over the cap with every torrent wanted, the crawler pauses with a storage_full warning, and resumes once there is room', async () => {
    const service = await startService(
      {
        DATA_DIR: makeTempDir(),
        SERVICE_STORAGE_LIMIT: '1MB',
        SERVICE_DHT_ENABLED: 'true',
        SERVICE_DHT_HOST: '127.0.0.1',
        SERVICE_DHT_PORT: String(await freeUdpPort()),
        SERVICE_DHT_BOOTSTRAP: '127.0.0.1:9',
      },
      'core',
    )
    running.push(service)
    const graphql = async <T>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
      const response = await fetch(`${service.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...ADMIN_HEADERS },
        body: JSON.stringify({ query, variables }),
      })
      const body = (await response.json()) as { data: T; errors?: unknown }
      expect(body.errors).toBeUndefined()
      return body.data
    }
    const crawler = () =>
      graphql<{ crawler: { mode: string; warning: { code: string; message: string } | null } }>(
        '{ crawler { mode warning { code message } } }',
      )
    await waitFor(async () => (await graphql<{ crawler: { running: boolean } }>('{ crawler { running } }')).crawler.running, 30_000, 50)
    expect((await crawler()).crawler.mode).toBe('crawling')

    // Every torrent is wanted, so none may go.
    await graphql('mutation($wants: [WantInput!]!) { registerWants(wants: $wants) }', {
      wants: [{ id: 'w1', query: 'Protected Show', contentType: 'tv_show' }],
    })
    let lines = ''
    for (let n = 1; n <= TORRENTS; n++) {
      const name = `Protected.Show.S04E${n}.1080p.WEB-DL.x264-GRP`
      lines += `${JSON.stringify({ infoHash: hashOf(n), name, files: [{ path: `${name}/${'z'.repeat(80)}.mkv`, size: 900_000 }] })}\n`
    }
    expect((await fetch(`${service.baseUrl}/import`, { method: 'POST', body: lines })).status).toBe(200)

    await waitFor(async () => (await crawler()).crawler.mode === 'paused', 30_000, 100)
    const full = (await crawler()).crawler
    expect(full.warning?.code).toBe('storage_full')
    expect(full.warning?.message).toContain('SERVICE_STORAGE_LIMIT')
    const status = (await (await fetch(`${service.baseUrl}/api/v1/status`)).json()) as {
      storage: { isFull: boolean; evictedTorrents: number }
      components: { dht: { status: string; error: string | null } }
    }
    expect(status.storage).toMatchObject({ isFull: true, evictedTorrents: 0 })
    expect(status.components.dht.error).toContain('SERVICE_STORAGE_LIMIT')
    expect(await (await fetch(`${service.baseUrl}/metrics`)).text()).toContain('indexer_storage_full 1')
    expect(service.logs.some((entry) => entry.includes('storage cap: nothing more can be evicted'))).toBe(true)

    // The operator makes room: the crawler resumes and the warning goes.
    // A thousand at a time: the most one list argument may hold (SERVICE_GRAPHQL_MAX_LIST).
    for (let first = 1; first <= TORRENTS; first += 1000)
      await graphql('mutation($h: [Hash20!]!) { torrent { delete(infoHashes: $h) } }', {
        h: Array.from({ length: 1000 }, (_, i) => hashOf(first + i)),
      })
    await waitFor(async () => (await crawler()).crawler.mode === 'crawling', 30_000, 100)
    expect((await crawler()).crawler.warning).toBeNull()
    expect(await (await fetch(`${service.baseUrl}/metrics`)).text()).toContain('indexer_storage_full 0')
  }, 60_000)
})
