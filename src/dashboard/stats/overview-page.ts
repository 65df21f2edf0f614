import { Elysia } from 'elysia'
import { IndexedCharts, OverviewPage } from '../../../views/pages/overview'
import { EvidenceRows } from '../../../views/partials/evidence-table'
import { OverviewStats } from '../../../views/partials/overview-stats'
import type { CoreClient } from '../core-client'
import type { CrawlerControlService } from '../crawler'
import { type EvidenceService, withIndexTitles } from '../evidence'
import type { AuthService } from '../auth'
import type { NotificationService } from '../notifications'
import { createOverviewService } from './overview-service'
import type { StatsService } from './service'
import { htmlPage, htmlPartial, pageChrome, readFromCore } from '../page-kit'

/** Spec 8: the overview's recent-activity table holds the 20 most recent evidence events. */
const RECENT_EVIDENCE = 20

/** `/` and the two partials its live parts refetch: the stats tiles and the recent evidence rows. */
export const overviewPage = (deps: {
  core: CoreClient
  stats: StatsService
  evidence: EvidenceService
  notifications: NotificationService
  auth: AuthService
  crawlerControl: CrawlerControlService
}) => {
  const overview = createOverviewService(deps)
  const recentEvidence = () =>
    readFromCore(async () => withIndexTitles(deps.evidence, (await deps.evidence.list({ limit: RECENT_EVIDENCE, offset: 0 })).items), [])
  const stats = () => readFromCore(() => deps.stats.stats(), null)
  return new Elysia({ name: 'dashboard-page-overview' })
    .get('/', async () => {
      const reads = await Promise.all([
        stats(),
        readFromCore(() => overview.crawler(), null),
        recentEvidence(),
        readFromCore(() => deps.crawlerControl.fetchRequests(), null),
      ])
      const [statsRead, crawlerRead, evidenceRead, fetchesRead] = reads
      return htmlPage(
        OverviewPage({
          stats: statsRead.value,
          crawler: crawlerRead.value,
          fetches: fetchesRead.value,
          recentEvidence: evidenceRead.value,
          ...pageChrome(deps),
          coreUnavailable: reads.some((read) => read.isCoreUnavailable),
        }),
      )
    })
    .get('/overview/stats', async () => htmlPartial(OverviewStats({ stats: (await stats()).value })))
    .get('/overview/indexed', async () =>
      htmlPartial(IndexedCharts({ indexed: (await readFromCore(() => overview.indexedOverTime(), null)).value })),
    )
    .get('/overview/evidence', async () => htmlPartial(EvidenceRows({ events: (await recentEvidence()).value })))
}
