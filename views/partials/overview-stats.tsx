import type { Child } from 'hono/jsx'
import { formatBytes, formatCount } from '../format'
import type { Stats, StorageStats } from '../../src/vocabulary'
import { TimeAgo } from './time-ago'

/** The element the stats tiles fill; it refetches them on each `stats` event (or every 10 s). */
export const OVERVIEW_STATS_ID = 'overview-stats'

/** "45 s", "12 min", "5 h 3 min", "2 d 4 h". */
export function formatUptime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  if (s < 60) return `${s} s`
  if (s < 3600) return `${Math.floor(s / 60)} min`
  if (s < 86_400) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`
  return `${Math.floor(s / 86_400)} d ${Math.floor((s % 86_400) / 3600)} h`
}

function Tile(props: { label: string; children: Child }) {
  return (
    <div class="tile">
      <div class="value">{props.children}</div>
      <div class="label">{props.label}</div>
    </div>
  )
}

/** Both stores on disk and the storage cap: how full it is, what it evicted, and when it is full. */
function StorageTiles(props: { storage: StorageStats }) {
  const { storage } = props
  const cap =
    storage.limitBytes === null
      ? 'no cap'
      : `${formatBytes(storage.indexUsedBytes)} of ${formatBytes(storage.limitBytes)}${storage.isFull ? ' (full)' : ''}`
  return (
    <>
      <Tile label={`Index on disk (WAL ${formatBytes(storage.indexWalBytes)})`}>
        {formatBytes(storage.indexBytes + storage.indexWalBytes)}
      </Tile>
      <Tile label={`Storage cap, ${formatCount(storage.evictedTorrents)} evicted`}>{cap}</Tile>
      <Tile label="Dashboard store">{storage.dashboardBytes === null ? 'none' : formatBytes(storage.dashboardBytes)}</Tile>
    </>
  )
}

/** The stats of spec 2.1 as tiles; without them (the core away) each says so. */
export function OverviewStats(props: { stats: Stats | null }) {
  const { stats } = props
  if (!stats) return <p class="card muted">Figures come back when the core does.</p>
  return (
    <div class="tiles">
      <Tile label="Torrents">{formatCount(stats.totalTorrents)}</Tile>
      <Tile label="Releases">{formatCount(stats.totalReleases)}</Tile>
      <Tile label="Evidence reports">{formatCount(stats.totalEvidence)}</Tile>
      <Tile label="DHT peers">{formatCount(stats.dhtPeerCount)}</Tile>
      <Tile label="Indexed per minute">{stats.indexerThroughput.toLocaleString('en-US', { maximumFractionDigits: 1 })}</Tile>
      <Tile label="Cache hit ratio">{`${Math.round(stats.cacheHitRatio * 100)}%`}</Tile>
      <Tile label="Uptime">{formatUptime(stats.uptimeSeconds)}</Tile>
      <Tile label="Last crawl">{stats.lastCrawlAt ? <TimeAgo iso={stats.lastCrawlAt} /> : 'never'}</Tile>
      {stats.storage ? <StorageTiles storage={stats.storage} /> : null}
    </div>
  )
}
