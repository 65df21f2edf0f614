/**
 * The storage cap as the operator's disk sees it (issue 35.2): index.db with its -wal and -shm
 * stays under SERVICE_STORAGE_LIMIT after a large import; and data that is not torrents (issue
 * 30.2: a flood of webhooks) never evicts torrents: the cap pauses the crawler with a warning.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { statSync } from 'node:fs'
import { join } from 'node:path'
import type { StorageReport } from '../../src/vocabulary'
import { radarrV5Download } from '../support/arr-payloads'
import { freeUdpPort, waitFor } from '../support/dht-probe'
import { ADMIN_HEADERS, type RunningService, startService } from '../support/processes'
import { makeTempDir } from '../support/temp-dir'

const hashOf = (n: number) => `${n.toString(16).padStart(8, '0')}${'56'.repeat(16)}`
const lines = (from: number, to: number) => {
  let text = ''
  for (let n = from; n <= to; n++) {
    const name = `Disk.Cap.Show.S04E${n}.1080p.WEB-DL.x264-GRP`
    const files = Array.from({ length: 3 }, (_, i) => ({ path: `${name}/part-${i}-${'z'.repeat(30)}.mkv`, size: 400_000 }))
    text += `${JSON.stringify({ infoHash: hashOf(n), name, files, publishedAt: 1_600_000_000 + n })}\n`
  }
  return text
}
const onDisk = (dataDir: string) =>
  ['index.db', 'index.db-wal', 'index.db-shm'].reduce((total, file) => {
    try {
      return total + statSync(join(dataDir, file)).size
    } catch {
      return total
    }
  }, 0)

const running: RunningService[] = []
afterAll(async () => {
  for (const service of running) {
    service.child.kill()
    await service.child.exited
  }
})

async function storageOf(service: RunningService): Promise<StorageReport> {
  return ((await (await fetch(`${service.baseUrl}/api/v1/status`)).json()) as { storage: StorageReport }).storage
}

describe('an 8 MB cap', () => {
  test('a large import leaves index.db, its WAL and shared memory under the cap together', async () => {
    const dataDir = makeTempDir('cap-disk-')
    const service = await startService({ DATA_DIR: dataDir, SERVICE_STORAGE_LIMIT: '8MB', SERVICE_INTAKE_RATE_LIMIT: '0' }, 'core')
    running.push(service)
    // About twice the cap: the WAL once grew to 64 MiB beside a 29 MB cap.
    for (let from = 1; from <= 15_000; from += 5_000) {
      const response = await fetch(`${service.baseUrl}/import`, { method: 'POST', body: lines(from, from + 4_999) })
      expect(await response.json()).toMatchObject({ imported: 5_000, rejected: 0 })
    }
    await waitFor(async () => (await storageOf(service)).evictedTorrents > 0, 30_000, 200)
    // Settled: no eviction run for a while, so no write is in flight.
    let previous = -1
    for (
      let evicted = (await storageOf(service)).evictedTorrents;
      evicted !== previous;
      evicted = (await storageOf(service)).evictedTorrents
    ) {
      previous = evicted
      await Bun.sleep(2_000)
    }
    const storage = await storageOf(service)
    expect(storage.usedBytes).toBeLessThanOrEqual(8_000_000)
    expect(onDisk(dataDir)).toBeLessThanOrEqual(8_000_000)
    expect(storage.isFull).toBe(false)
  }, 120_000)

  test('300 webhooks of 60 KB evict no torrent: the crawler pauses and says the data that is not torrents is to blame', async () => {
    const dataDir = makeTempDir('cap-flood-')
    const service = await startService(
      {
        DATA_DIR: dataDir,
        SERVICE_STORAGE_LIMIT: '8MB',
        // The flood of issue 30.2 whole, past what the intake's rate limit would let through in a minute.
        SERVICE_INTAKE_RATE_LIMIT: '0',
        // Kept whole, to stand for any data that is not torrents (the budget would prune these bodies).
        SERVICE_EVIDENCE_MAX_PAYLOAD: '64KiB',
        SERVICE_EVIDENCE_PAYLOAD_BUDGET: '100MB',
        SERVICE_DHT_ENABLED: 'true',
        SERVICE_DHT_HOST: '127.0.0.1',
        SERVICE_DHT_PORT: String(await freeUdpPort()),
        SERVICE_DHT_BOOTSTRAP: '127.0.0.1:9',
      },
      'core',
    )
    running.push(service)
    const response = await fetch(`${service.baseUrl}/import`, { method: 'POST', body: lines(1, 6_000) })
    expect(await response.json()).toMatchObject({ imported: 6_000 })
    const pad = 'p'.repeat(60_000)
    for (let i = 0; i < 300; i++) {
      const posted = await fetch(`${service.baseUrl}/evidence/arr/radarr`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...radarrV5Download(`${i.toString(16).padStart(40, 'e')}`), pad }),
      })
      expect(posted.status).toBe(202)
    }
    const crawler = async () => {
      const answer = await fetch(`${service.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...ADMIN_HEADERS },
        body: JSON.stringify({ query: '{ crawler { mode warning { code message } } stats { totalTorrents } }' }),
      })
      return (
        (await answer.json()) as {
          data: { crawler: { mode: string; warning: { code: string; message: string } | null }; stats: { totalTorrents: number } }
        }
      ).data
    }
    await waitFor(async () => (await crawler()).crawler.warning !== null, 30_000, 200)
    const { crawler: state, stats } = await crawler()
    expect(state.mode).toBe('paused')
    expect(state.warning).toEqual({ code: 'storage_full', message: expect.stringContaining('because of data that is not torrents') })
    expect(stats.totalTorrents).toBe(6_000)
    expect((await storageOf(service)).evictedTorrents).toBe(0)
  }, 90_000)
})
