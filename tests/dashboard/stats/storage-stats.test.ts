import { describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { toStats } from '../../../src/dashboard/stats/service'
import type { IndexStats } from '../../../src/vocabulary'
import { createStoreSize } from '../../../src/dashboard/stats/store-size'
import { OverviewStats } from '../../../views/partials/overview-stats'
import { makeTempDir } from '../../support/temp-dir'

const core: IndexStats = {
  totalTorrents: 10,
  totalReleases: 8,
  totalEvidence: 0,
  dhtPeerCount: 0,
  indexerThroughput: 0,
  startedAt: '2026-11-24T00:00:00.000Z',
  uptimeSeconds: 5,
  lastCrawlAt: null,
  categoryBreakdown: [],
  storage: {
    limitBytes: 5e9,
    usedBytes: 4_200_000_000,
    databaseBytes: 4_300_000_000,
    walBytes: 4_000_000,
    dashboardBytes: null,
    evictedTorrents: 12_345,
    isFull: false,
  },
}

describe('storage in the dashboard stats', () => {
  test("the core's sizes and cap, with the dashboard's own store, in /api/stats' shape", () => {
    expect(toStats(core, 0.5, 69_632).storage).toEqual({
      limitBytes: 5e9,
      indexUsedBytes: 4_200_000_000,
      indexBytes: 4_300_000_000,
      indexWalBytes: 4_000_000,
      dashboardBytes: 69_632,
      evictedTorrents: 12_345,
      isFull: false,
    })
    expect(toStats({ ...core, storage: null }, 0.5, 1).storage).toBeNull()
  })

  test('the store size is its file and WAL, null before the file exists', () => {
    const path = join(makeTempDir(), 'dashboard.db')
    const size = createStoreSize(path)
    expect(size()).toBeNull()
    writeFileSync(path, new Uint8Array(4096))
    expect(size()).toBe(4096)
    writeFileSync(`${path}-wal`, new Uint8Array(100))
    expect(size()).toBe(4196)
  })

  test('the overview tiles show the index on disk, the cap with what it evicted, and the dashboard store', () => {
    const html = String(OverviewStats({ stats: toStats(core, 0.5, 69_632) }))
    expect(html).toContain('<div class="value">4.3 GB</div>')
    expect(html).toContain('Index on disk (WAL 4.0 MB)')
    expect(html).toContain('4.2 GB of 5.0 GB')
    expect(html).toContain('Storage cap, 12,345 evicted')
    expect(html).toContain('70 KB')
    const full = String(
      OverviewStats({ stats: toStats({ ...core, storage: { ...core.storage!, limitBytes: null, isFull: false } }, 0, null) }),
    )
    expect(full).toContain('no cap')
    expect(full).toContain('<div class="value">none</div><div class="label">Dashboard store</div>')
    const capped = String(OverviewStats({ stats: toStats({ ...core, storage: { ...core.storage!, isFull: true } }, 0, null) }))
    expect(capped).toContain('(full)')
  })
})
