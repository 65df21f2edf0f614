import type { Logger } from '../../log'
import { type CoreClient, CoreUnavailableError, type ResponseCache } from '../core-client'
import type { EventBus } from '../events'
import { CORE_EVIDENCE_FIELDS, type CoreEvidence, toEvidenceEvent } from '../evidence'
import type { NotificationService } from '../notifications'
import type { IndexStats } from '../../vocabulary'
import { CORE_STATS_FIELDS, toStats } from '../stats'
import type { StateRepository } from '../store'
import type { WantService } from '../wants'

/** Stats reach open pages every 5 s (DESIGN.md 5.7); want matches are fulfilled within 30 s. */
export const WATCH_INTERVAL_MS = 5_000

/** Reports read per tick for the live stream: a burst above 100 in 5 s shows only its newest 100. */
const EVIDENCE_PER_TICK = 100

/** Failed batches looked at per tick: a long outage of the receiver notifies its newest 50. */
const FAILED_BATCHES = 50

const WATCH_QUERY = `query DashboardWatch($afterId: Int) {
  stats { ${CORE_STATS_FIELDS} }
  crawler { enabled running warning { code message since } }
  webhookBatches(input: { status: "failed", limit: ${FAILED_BATCHES} }) { id items attempts createdAt }
  wantMatches(input: { afterId: $afterId, limit: 1000 }) { id wantId infoHash title }
  evidence(input: { limit: ${EVIDENCE_PER_TICK} }) { items { ${CORE_EVIDENCE_FIELDS} } }
}`

interface WatchAnswer {
  stats: IndexStats
  crawler: { enabled: boolean; running: boolean; warning: { code: string; message: string; since: string } | null }
  webhookBatches: { id: string; items: number; attempts: number; createdAt: string }[]
  wantMatches: { id: number; wantId: string; infoHash: string; title: string }[]
  evidence: { items: CoreEvidence[] }
}

export interface CoreWatchDeps {
  core: CoreClient
  cache: ResponseCache
  /** The dashboard store's bytes on disk, for the stats it publishes. */
  storeBytes: () => number | null
  wants: WantService
  notifications: NotificationService
  events: EventBus
  state: StateRepository
  /** Appends a health transition to the audit log (kind health). */
  recordHealth(entry: { key: string; action: string; oldValue: unknown; newValue: unknown }): void
  /** Pushes the dashboard's overrides of core settings to the core (its run-time settings). */
  syncSettings(): Promise<void>
  log: Logger
  intervalMs?: number
}

/**
 * The dashboard's one poll of the core: each tick reads stats, the crawler's state, failed webhook
 * batches, new want matches and the newest evidence in a single GraphQL request, and turns them into
 * events for open pages, fulfilled wants and notifications. When the core (re)appears (a restart
 * changes its start time) the dashboard's settings and active wants are pushed to it again, so an
 * override made while it was down, or lost with a fresh core, still takes effect.
 */
export function startCoreWatch(deps: CoreWatchDeps) {
  const { log } = deps
  let coreStartedAt: string | null = null
  let wantsDirty = true
  let newestEvidenceId: number | null = null
  let reachable: boolean | null = null
  let running: Promise<void> | null = null

  const registerWants = async () => {
    wantsDirty = false
    try {
      await deps.core.query('mutation DashboardWants($wants: [WantInput!]!) { registerWants(wants: $wants) }', {
        wants: deps.wants.registrations(),
      })
    } catch (err) {
      wantsDirty = true
      throw err
    }
  }
  // Changes made in one go (a tick fulfilling several wants) are told to the core once, after them.
  let registration: Promise<void> | null = null
  deps.wants.onActiveChange(() => {
    wantsDirty = true
    registration ??= Promise.resolve()
      .then(() => {
        registration = null
        return registerWants()
      })
      .catch((err) => log.warn('active wants not registered with the core yet', { err }))
  })

  const fulfilMatches = (matches: WatchAnswer['wantMatches']) => {
    for (const match of matches) deps.wants.fulfilByTorrent(match.wantId, { infoHash: match.infoHash, title: match.title })
    const last = matches.at(-1)
    if (last) deps.state.set('want_match_cursor', String(last.id))
  }

  const notifyFailedBatches = (batches: WatchAnswer['webhookBatches']) => {
    for (const batch of batches)
      deps.notifications.notify(
        'webhook_delivery_failed',
        `Outbound webhook batch of ${batch.items} releases was given up after ${batch.attempts} attempts`,
        `webhook:${batch.id}`,
      )
  }

  /**
   * One notification per warning episode: a crawler that keeps failing to bind restarts and warns
   * again with a new time, which is the same episode until the warning clears. The state holds
   * `code@since` of the episode's first sighting.
   */
  const followCrawlerWarning = (warning: WatchAnswer['crawler']['warning']) => {
    const episode = deps.state.get('crawler_warning') ?? null
    const episodeCode = episode?.split('@')[0] ?? null
    if ((warning?.code ?? null) === episodeCode) return
    const next = warning ? `${warning.code}@${warning.since}` : null
    if (warning) deps.notifications.notify('crawler_warning', `Crawler: ${warning.message}`, `crawler:${next}`)
    deps.recordHealth({
      key: 'crawler',
      action: warning ? 'warning_raised' : 'warning_cleared',
      oldValue: episodeCode,
      newValue: warning ? warning.code : null,
    })
    if (next) deps.state.set('crawler_warning', next)
    else deps.state.delete('crawler_warning')
  }

  const publishNewEvidence = (reports: CoreEvidence[]) => {
    const fresh = reports.filter((report) => newestEvidenceId !== null && Number(report.id) > newestEvidenceId)
    // Oldest first, as they happened; the first tick only learns where the list stands.
    for (const report of fresh.reverse()) deps.events.publish({ type: 'evidence', data: toEvidenceEvent(report) })
    const newest = Math.max(...reports.map((report) => Number(report.id)), newestEvidenceId ?? 0)
    newestEvidenceId = newest
  }

  const tick = async () => {
    try {
      const cursor = deps.state.get('want_match_cursor')
      const answer = await deps.core.query<WatchAnswer>(WATCH_QUERY, { afterId: cursor ? Number(cursor) : 0 })
      if (answer.stats.startedAt !== coreStartedAt) {
        // A core seen for the first time, or restarted: it may not know our overrides and wants.
        await deps.syncSettings()
        await registerWants()
        coreStartedAt = answer.stats.startedAt
        // Another core, or a new life of it: where the evidence list stands is learnt afresh.
        newestEvidenceId = null
      } else if (wantsDirty) await registerWants()
      // Said once the core is brought up to date, so what follows the line sees our wants there.
      if (reachable === false) {
        log.info('core reachable again')
        deps.recordHealth({ key: 'core', action: 'core_reachable', oldValue: 'unreachable', newValue: 'reachable' })
      }
      reachable = true
      fulfilMatches(answer.wantMatches)
      notifyFailedBatches(answer.webhookBatches)
      followCrawlerWarning(answer.crawler.warning)
      publishNewEvidence(answer.evidence.items)
      deps.events.publish({ type: 'stats', data: toStats(answer.stats, deps.cache.hitRatio(), deps.storeBytes()) })
    } catch (err) {
      if (err instanceof CoreUnavailableError) {
        if (reachable !== false) {
          log.warn('core unreachable; retrying every few seconds', { err })
          deps.recordHealth({ key: 'core', action: 'core_unreachable', oldValue: reachable ? 'reachable' : null, newValue: 'unreachable' })
        }
        reachable = false
        coreStartedAt = null
        return
      }
      log.error('watching the core failed', { err })
    }
  }

  const runTick = () => {
    if (!running) running = tick().finally(() => (running = null))
    return running
  }
  void runTick()
  const timer = setInterval(runTick, deps.intervalMs ?? WATCH_INTERVAL_MS)
  return {
    /** Runs a tick now (tests, and after a change that should show at once); resolves when done. */
    tick: runTick,
    async stop(): Promise<void> {
      clearInterval(timer)
      await running
    },
  }
}

export type CoreWatch = ReturnType<typeof startCoreWatch>
