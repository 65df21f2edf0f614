import type { NotificationType } from '../notifications'
import { DEMO_RELEASES, type DemoRelease } from './demo-releases'

/** One report in the core intake's generic form (DESIGN.md 3.5), sent to /evidence/arr/<client>. */
export interface DemoEvidence {
  release: DemoRelease
  client: 'radarr' | 'sonarr' | 'lidarr' | 'readarr'
  type: 'grab' | 'download' | 'import'
  result: 'success' | 'failed'
  minutesAgo: number
  /** What the client knows of the title; a successful download or import labels the torrent with it. */
  title: string
  year?: number
}

export interface DemoWant {
  title: string
  content_type: 'movie' | 'tv_show' | 'music' | 'ebook'
  query: string
  priority: 'low' | 'medium' | 'high'
  notes?: string
  /** Seeded as fulfilled by this demo release, as the indexer would have left it (its want_fulfilled notification comes with it). */
  fulfilledBy?: { infoHash: string; title: string }
}

export interface DemoNotification {
  type: NotificationType
  message: string
  dedupeKey: `demo:${string}`
}

const releaseNamed = (start: string): DemoRelease => {
  const found = DEMO_RELEASES.find((release) => release.name.startsWith(start))
  if (!found) throw new Error(`no demo release starts with ${start}`)
  return found
}

const dune = releaseNamed('Dune.Part.Two')
const oppenheimer = releaseNamed('Oppenheimer')
const pastLives = releaseNamed('Past.Lives')
const shogun = releaseNamed('Shogun.2024.S01E01')
const fallout = releaseNamed('Fallout.S01')
const okComputer = releaseNamed('Radiohead - OK Computer')
const hailMary = releaseNamed('Andy Weir - Project Hail Mary')

/** A grab-to-import history across the four client kinds, with one failed download. At most one per (torrent, type). */
export const DEMO_EVIDENCE: readonly DemoEvidence[] = [
  { release: dune, client: 'radarr', type: 'grab', result: 'success', minutesAgo: 95, title: 'Dune: Part Two', year: 2024 },
  { release: dune, client: 'radarr', type: 'download', result: 'success', minutesAgo: 71, title: 'Dune: Part Two', year: 2024 },
  { release: dune, client: 'radarr', type: 'import', result: 'success', minutesAgo: 70, title: 'Dune: Part Two', year: 2024 },
  { release: oppenheimer, client: 'radarr', type: 'grab', result: 'success', minutesAgo: 64, title: 'Oppenheimer', year: 2023 },
  { release: pastLives, client: 'radarr', type: 'download', result: 'failed', minutesAgo: 52, title: 'Past Lives', year: 2023 },
  { release: shogun, client: 'sonarr', type: 'grab', result: 'success', minutesAgo: 41, title: 'Shōgun', year: 2024 },
  { release: shogun, client: 'sonarr', type: 'import', result: 'success', minutesAgo: 33, title: 'Shōgun', year: 2024 },
  { release: fallout, client: 'sonarr', type: 'grab', result: 'success', minutesAgo: 26, title: 'Fallout', year: 2024 },
  { release: okComputer, client: 'lidarr', type: 'import', result: 'success', minutesAgo: 18, title: 'OK Computer', year: 1997 },
  { release: hailMary, client: 'readarr', type: 'download', result: 'success', minutesAgo: 9, title: 'Project Hail Mary', year: 2021 },
]

export const DEMO_WANTS: readonly DemoWant[] = [
  {
    title: 'Dune: Part Two',
    content_type: 'movie',
    query: 'dune part two 2160p',
    priority: 'high',
    notes: 'UHD with Atmos for the home cinema',
    fulfilledBy: { infoHash: dune.infoHash, title: dune.name },
  },
  { title: 'Severance', content_type: 'tv_show', query: 'severance s02', priority: 'medium' },
  { title: 'The Dark Side of the Moon', content_type: 'music', query: 'pink floyd dark side of the moon flac', priority: 'low' },
  { title: 'Project Hail Mary', content_type: 'ebook', query: 'project hail mary epub', priority: 'medium', notes: 'for the e-reader' },
]

export const DEMO_NOTIFICATIONS: readonly DemoNotification[] = [
  {
    type: 'webhook_delivery_failed',
    message: 'The evidence webhook batch could not be delivered to http://192.168.1.20:9000/hooks/indexer after 3 retries (HTTP 503)',
    dedupeKey: 'demo:webhook_delivery_failed',
  },
  {
    type: 'crawler_warning',
    message: 'No DHT response for 5 minutes: check that inbound UDP port 4413 reaches this host',
    dedupeKey: 'demo:crawler_warning',
  },
]
