import type { Logger } from '../../log'
import { type CoreClient, CoreUnavailableError } from '../core-client'
import type { NotificationService } from '../notifications'
import type { StateRepository } from '../store'
import { DEMO_EVIDENCE, DEMO_NOTIFICATIONS, DEMO_WANTS, type DemoEvidence, type DemoWant } from './demo-activity'
import { DEMO_RELEASES } from './demo-releases'
import type { SeedCounts, SeedResult } from './model'

/** What the seed needs of the wants feature: the (title, query) pairs it has, and adding one. */
export interface DemoWantStore {
  list(): { title: string; query: string }[]
  create(input: Omit<DemoWant, 'fulfilledBy'>): { id: string }
  /** Fulfils a want by a torrent, with its want_fulfilled notification, as the indexer does. */
  fulfilByTorrent(id: string, torrent: { infoHash: string; title: string }): unknown
}

export interface DemoSeedDeps {
  core: Pick<CoreClient, 'importTorrents' | 'forwardEvidence' | 'query'>
  wants: DemoWantStore
  notifications: Pick<NotificationService, 'notify'>
  state: StateRepository
  log: Logger
  nowMs?: () => number
}

/** The torrent source the demo releases carry, so an operator can find (and delete) them. */
const DEMO_SOURCE = 'demo'

/** Demo releases appear one every few hours before the seeding, newest first. */
const RELEASE_SPACING_MS = 5 * 60 * 60 * 1000

const EVIDENCE_OF_TORRENT =
  'query DemoEvidence($infoHash: Hash20!) { evidence(input: { infoHash: $infoHash, limit: 100 }) { items { type } } }'

/**
 * `POST /api/seed-demo` (DESIGN.md 5.4): imports the demo releases through the core (classified and
 * searchable like any import), reports their evidence to the core's intake, and adds the demo wants
 * and notifications. Idempotent: the first success is remembered in dashboard_state and later calls
 * only answer its counts; even without that row nothing is added twice (re-imports update, evidence
 * is skipped per (torrent, type) the core already holds, wants per (title, query), notifications
 * per dedupe key). A core that cannot be reached is a CoreUnavailableError and nothing is remembered.
 */
export function createDemoSeedService(deps: DemoSeedDeps) {
  const nowMs = deps.nowMs ?? Date.now
  let running: Promise<SeedResult> | null = null

  const importReleases = async (now: number): Promise<number> => {
    const lines = DEMO_RELEASES.map((release, index) =>
      JSON.stringify({
        infoHash: release.infoHash,
        name: release.name,
        files: release.files,
        source: DEMO_SOURCE,
        publishedAt: new Date(now - (index + 1) * RELEASE_SPACING_MS).toISOString(),
      }),
    )
    const answer = await deps.core.importTorrents(`${lines.join('\n')}\n`)
    if (answer.status !== 200) throw new CoreUnavailableError(`the core refused the demo import (HTTP ${answer.status})`)
    const summary = readImportSummary(answer.body)
    if (summary.rejected > 0) deps.log.warn('demo releases rejected by the core', { rejections: summary.rejections })
    return summary.imported + summary.updated
  }

  /** `<info hash>:<type>` of every report the core holds about the demo torrents. */
  const reportedPairs = async (): Promise<Set<string>> => {
    const pairs = new Set<string>()
    for (const infoHash of new Set(DEMO_EVIDENCE.map((evidence) => evidence.release.infoHash))) {
      const data = await deps.core.query<{ evidence: { items: { type: string }[] } }>(EVIDENCE_OF_TORRENT, { infoHash })
      for (const item of data.evidence.items) pairs.add(`${infoHash}:${item.type}`)
    }
    return pairs
  }

  const reportEvidence = async (now: number): Promise<void> => {
    const reported = await reportedPairs()
    for (const evidence of DEMO_EVIDENCE) {
      if (reported.has(`${evidence.release.infoHash}:${evidence.type}`)) continue
      const answer = await deps.core.forwardEvidence(evidence.client, JSON.stringify(genericReport(evidence, now)), 'application/json')
      if (answer.status !== 202) throw new CoreUnavailableError(`the core refused demo evidence (HTTP ${answer.status}): ${answer.body}`)
    }
  }

  const addWants = (): void => {
    const keyOf = (want: { title: string; query: string }) => JSON.stringify([want.title, want.query])
    const existing = new Set(deps.wants.list().map(keyOf))
    for (const { fulfilledBy, ...want } of DEMO_WANTS) {
      if (existing.has(keyOf(want))) continue
      const created = deps.wants.create(want)
      if (fulfilledBy) deps.wants.fulfilByTorrent(created.id, fulfilledBy)
    }
  }

  const run = async (): Promise<SeedResult> => {
    const now = nowMs()
    const counts: SeedCounts = {
      torrents: await importReleases(now),
      evidence: DEMO_EVIDENCE.length,
      wants: DEMO_WANTS.length,
      // Each fulfilled want brings its own want_fulfilled notification.
      notifications: DEMO_NOTIFICATIONS.length + DEMO_WANTS.filter((want) => want.fulfilledBy).length,
    }
    await reportEvidence(now)
    addWants()
    for (const notification of DEMO_NOTIFICATIONS)
      deps.notifications.notify(notification.type, notification.message, notification.dedupeKey)
    deps.state.set('demo_seed', JSON.stringify({ seeded_at: new Date(now).toISOString(), counts }))
    deps.log.info('demo data seeded', counts)
    return { seeded: true, counts }
  }

  return {
    async seed(): Promise<SeedResult> {
      const counts = readSeededCounts(deps.state.get('demo_seed'))
      if (counts) return { seeded: false, counts }
      // A second click while the first seeding runs waits for it rather than seeding beside it.
      if (running) return { seeded: false, counts: (await running).counts }
      running = run().finally(() => {
        running = null
      })
      return running
    },
  }
}

/** The generic form of the core's intake: `{info_hash, type, result, occurred_at, client}` and the label fields. */
function genericReport(evidence: DemoEvidence, now: number) {
  return {
    info_hash: evidence.release.infoHash,
    type: evidence.type,
    result: evidence.result,
    occurred_at: new Date(now - evidence.minutesAgo * 60_000).toISOString(),
    client: evidence.client,
    title: evidence.title,
    year: evidence.year,
  }
}

function readImportSummary(body: string): { imported: number; updated: number; rejected: number; rejections: unknown } {
  try {
    const summary = JSON.parse(body)
    if (typeof summary.imported === 'number' && typeof summary.updated === 'number' && typeof summary.rejected === 'number') return summary
  } catch {
    // Answered below, like a summary without its counts.
  }
  throw new CoreUnavailableError('the core answered the demo import without an import summary')
}

/** The counts of the remembered seeding, or undefined when there was none (or the row is unreadable). */
function readSeededCounts(value: string | undefined): SeedCounts | undefined {
  if (value === undefined) return undefined
  try {
    const counts = (JSON.parse(value) as { counts?: Record<string, unknown> }).counts
    const names = ['torrents', 'evidence', 'wants', 'notifications'] as const
    if (counts && names.every((name) => typeof counts[name] === 'number')) return counts as SeedCounts
  } catch {
    // Unreadable: seed again, which adds nothing already there.
  }
  return undefined
}

export type DemoSeedService = ReturnType<typeof createDemoSeedService>
