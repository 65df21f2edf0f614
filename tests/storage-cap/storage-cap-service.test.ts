import { Database } from 'bun:sqlite'
import { afterAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import type { StorageReport } from '../../src/vocabulary'
import { sonarrV3Grab } from '../support/arr-payloads'
import { ADMIN_HEADERS, type RunningService, startService } from '../support/processes'
import { makeTempDir } from '../support/temp-dir'

const LIMIT_BYTES = 2_000_000
const hashOf = (n: number) => `${n.toString(16).padStart(8, '0')}${'12'.repeat(16)}`
const body = (from: number, to: number) => {
  let text = ''
  for (let n = from; n <= to; n++) {
    const name = `Capped.Show.S03E${n}.1080p.WEB-DL.x264-GRP`
    const files = Array.from({ length: 4 }, (_, i) => ({ path: `${name}/part-${i}-${'y'.repeat(40)}.mkv`, size: 500_000 }))
    text += `${JSON.stringify({ infoHash: hashOf(n), name, files, publishedAt: 1_600_000_000 + n })}\n`
  }
  return text
}

function isGrabbed(path: string): boolean {
  const sqlite = new Database(path, { readonly: true })
  try {
    return sqlite.query<{ n: number }, []>(`SELECT count(*) AS n FROM evidence WHERE info_hash = x'${hashOf(1)}'`).get()!.n > 0
  } finally {
    sqlite.close(true)
  }
}

const running: RunningService[] = []
afterAll(async () => {
  for (const service of running) {
    service.child.kill()
    await service.child.exited
  }
})

describe('SERVICE_STORAGE_LIMIT in a running core', () => {
  test('an import past the cap is evicted down under it, oldest first; status, metrics and GraphQL stats show sizes and evictions', async () => {
    const dataDir = makeTempDir()
    const service = await startService({ DATA_DIR: dataDir, SERVICE_STORAGE_LIMIT: '2MB' }, 'core')
    running.push(service)
    // The first torrent is grabbed by an *arr app before the import grows past the cap: it must stay.
    expect((await fetch(`${service.baseUrl}/import`, { method: 'POST', body: body(1, 1) })).status).toBe(200)
    const grab = await fetch(`${service.baseUrl}/evidence/arr/sonarr`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(sonarrV3Grab(hashOf(1).toUpperCase())),
    })
    expect(grab.status).toBeLessThan(300)
    // The report is recorded by a queue job: wait until the torrent counts as grabbed.
    for (let tries = 0; tries < 300 && !isGrabbed(join(dataDir, 'index.db')); tries++) await Bun.sleep(100)
    expect(isGrabbed(join(dataDir, 'index.db'))).toBe(true)
    expect((await fetch(`${service.baseUrl}/import`, { method: 'POST', body: body(2, 6_000) })).status).toBe(200)

    // A run of evictions ends with its log line; the figures are read once it is over. The waits
    // are on conditions, with a deadline far past them: a loaded machine runs the cap slowly.
    const deadline = Date.now() + 90_000
    while (!service.logs.some((entry) => entry.includes('storage cap: torrents evicted')) && Date.now() < deadline) await Bun.sleep(100)
    const readStorage = async () => ((await (await fetch(`${service.baseUrl}/api/v1/status`)).json()) as { storage: StorageReport }).storage
    // A later commit may start another run: wait until the count holds still under the cap.
    let storage = await readStorage()
    for (let previous = -1; (storage.evictedTorrents !== previous || storage.usedBytes > LIMIT_BYTES) && Date.now() < deadline; ) {
      previous = storage.evictedTorrents
      await Bun.sleep(1_500)
      storage = await readStorage()
    }
    expect(storage.limitBytes).toBe(LIMIT_BYTES)
    expect(storage.evictedTorrents).toBeGreaterThan(0)
    expect(storage.usedBytes).toBeLessThanOrEqual(LIMIT_BYTES)
    expect(storage.databaseBytes).toBeGreaterThan(0)
    expect(storage.isFull).toBe(false)

    const metrics = await (await fetch(`${service.baseUrl}/metrics`)).text()
    expect(metrics).toMatch(/^indexer_evicted_torrents_total [1-9]\d*$/m)
    expect(metrics).toContain(`indexer_storage_limit_bytes ${LIMIT_BYTES}`)
    expect(metrics).toMatch(/^indexer_database_file_bytes\{file="core"\} [1-9]\d*$/m)
    expect(metrics).toMatch(/^indexer_database_used_bytes [1-9]\d*$/m)
    expect(metrics).toContain('indexer_storage_full 0')

    const graphql = await fetch(`${service.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...ADMIN_HEADERS },
      body: JSON.stringify({
        query: '{ stats { totalTorrents storage { limitBytes usedBytes databaseBytes walBytes evictedTorrents isFull } } }',
      }),
    })
    const { data } = (await graphql.json()) as { data: { stats: { totalTorrents: number; storage: StorageReport } } }
    expect(data.stats.storage).toMatchObject({ limitBytes: LIMIT_BYTES, isFull: false })
    expect(data.stats.storage.evictedTorrents).toBeGreaterThan(0)

    // Counters match the rows; the grabbed torrent survived; the oldest others went first.
    const sqlite = new Database(join(dataDir, 'index.db'), { readonly: true })
    const one = <T>(sql: string) => sqlite.query<T, []>(sql).get()!
    const rows = one<{ n: number }>('SELECT count(*) AS n FROM torrents').n
    expect(one<{ n: number }>('SELECT sum(torrents) AS n FROM torrent_counts').n).toBe(rows)
    expect(rows).toBe(6_000 - data.stats.storage.evictedTorrents)
    expect(one<{ n: number }>(`SELECT count(*) AS n FROM torrents WHERE info_hash = x'${hashOf(1)}'`).n).toBe(1)
    expect(one<{ at: number }>(`SELECT min(published_at) AS at FROM torrents WHERE info_hash != x'${hashOf(1)}'`).at).toBeGreaterThan(
      1_600_000_000 + 2,
    )
    expect(one<{ auto_vacuum: number }>('PRAGMA auto_vacuum').auto_vacuum).toBe(2)
    sqlite.close(true)
  }, 150_000)
})
