import { Layout, chromeOf, type PageChrome } from '../layout'
import { BarChart } from '../partials/chart-bars'
import { CategoryChart } from '../partials/chart-categories'
import type { EvidenceEventView } from '../partials/evidence-row'
import { EvidenceTable } from '../partials/evidence-table'
import { FetchForm, FetchTable, type FetchView } from '../partials/fetch-panel'
import { OverviewCrawler } from '../partials/overview-crawler'
import type { CrawlerState, Stats } from '../../src/vocabulary'
import { OVERVIEW_STATS_ID, OverviewStats } from '../partials/overview-stats'

export interface OverviewPageProps extends PageChrome {
  /** Null when the core cannot be reached; so are the others below. */
  stats: Stats | null
  crawler: CrawlerState | null
  /** The newest fetches by hash or magnet; null when the core is away. */
  fetches: FetchView[] | null
  recentEvidence: EvidenceEventView[]
  coreUnavailable: boolean
}

/** The id of the recent-evidence table's body, refilled by /overview/evidence. */
export const OVERVIEW_EVIDENCE_ID = 'overview-evidence'

/** Torrents first seen in one time slot (its start, UTC). */
export interface IndexedSlotView {
  start: string
  count: number
}

/** The history charts: the last 24 hours by the hour and the last 7 days by the day, oldest first. */
export interface IndexedOverTimeView {
  hourly: IndexedSlotView[]
  daily: IndexedSlotView[]
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const hourLabel = (slot: IndexedSlotView) => `${slot.start.slice(11, 16)} UTC`
const dayLabel = (slot: IndexedSlotView) => `${WEEKDAYS[new Date(slot.start).getUTCDay()]} ${slot.start.slice(0, 10)}`

/**
 * The two history charts, filled by /overview/indexed once the page has loaded: the core's
 * per-hour counts walk a week of torrents, which must not hold up the page's first paint.
 */
export function IndexedChartsLoader() {
  return (
    <p class="card muted" hx-get="/overview/indexed" hx-trigger="load" hx-swap="outerHTML">
      Loading the history…
    </p>
  )
}

export function IndexedCharts(props: { indexed: IndexedOverTimeView | null }) {
  if (!props.indexed) return <p class="card muted">The history comes back when the core does.</p>
  return (
    <>
      <div class="card">
        <BarChart
          title="Last 24 hours, per hour"
          bars={props.indexed.hourly.map((slot) => ({ label: hourLabel(slot), value: slot.count }))}
          startLabel="24 h ago"
          endLabel="this hour"
        />
      </div>
      <div class="card">
        <BarChart
          title="Last 7 days, per day"
          bars={props.indexed.daily.map((slot) => ({ label: dayLabel(slot), value: slot.count }))}
          startLabel="7 days ago"
          endLabel="today (UTC)"
        />
      </div>
    </>
  )
}

/**
 * `/`: the stats tiles, what was indexed when and of what kind, the crawler, and the latest 20
 * evidence reports. The tiles and the evidence refill themselves on the event stream's `stats`
 * and `evidence` events (DESIGN.md 5.7), and every 10 s when the stream is not there.
 */
export function OverviewPage(props: OverviewPageProps) {
  return (
    <Layout title="Overview" active="/" {...chromeOf(props)}>
      <div>
        <section aria-labelledby="overview-stats-heading">
          <h2 id="overview-stats-heading" class="visually-hidden">
            Figures
          </h2>
          <div id={OVERVIEW_STATS_ID} hx-get="/overview/stats" hx-trigger="sse:stats, every 10s" hx-swap="innerHTML" hx-sync="this:replace">
            <OverviewStats stats={props.stats} />
          </div>
        </section>
        <section aria-labelledby="overview-crawler-heading">
          <h2 id="overview-crawler-heading">Crawler</h2>
          <OverviewCrawler crawler={props.crawler} />
        </section>
        <section aria-labelledby="overview-fetch-heading">
          <h2 id="overview-fetch-heading">Fetch by hash or magnet</h2>
          <FetchForm />
          <FetchTable requests={props.fetches} />
        </section>
        <section aria-labelledby="overview-indexed-heading">
          <h2 id="overview-indexed-heading">Torrents indexed</h2>
          <div class="charts">
            <IndexedChartsLoader />
            <div class="card">
              {props.stats ? (
                <CategoryChart breakdown={props.stats.categoryBreakdown} />
              ) : (
                <p class="muted">No breakdown while the core is away.</p>
              )}
            </div>
          </div>
        </section>
        <section aria-labelledby="overview-evidence-heading">
          <div class="toolbar section-head">
            <h2 id="overview-evidence-heading">Recent evidence</h2>
            <a href="/evidence">All evidence</a>
          </div>
          <EvidenceTable
            events={props.recentEvidence}
            caption="The 20 most recent evidence reports"
            bodyId={OVERVIEW_EVIDENCE_ID}
            liveUrl="/overview/evidence"
          />
        </section>
      </div>
    </Layout>
  )
}
