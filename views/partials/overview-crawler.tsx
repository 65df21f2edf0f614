import type { CrawlerState } from '../../src/vocabulary'
import { TimeAgo } from './time-ago'

/** The crawler card's id: the pause button swaps the card with the state the core answers. */
export const OVERVIEW_CRAWLER_ID = 'overview-crawler'

const MODE_LABELS: Record<CrawlerState['mode'], string> = {
  crawling: 'Crawling',
  paused: 'Paused',
  off_hours: 'Outside its hours',
}

/**
 * The crawler's state, its warning when it has one (no DHT response, bind failure...), and the
 * button that pauses or resumes it (a form: it works without JavaScript too).
 */
export function OverviewCrawler(props: { crawler: CrawlerState | null; error?: string }) {
  const { crawler } = props
  if (!crawler)
    return (
      <p id={OVERVIEW_CRAWLER_ID} class="card muted">
        The crawler's state is unknown while the core is away.
      </p>
    )
  const state = !crawler.enabled ? 'Off' : !crawler.running ? 'Stopped' : MODE_LABELS[crawler.mode]
  const tag = !crawler.enabled ? '' : crawler.warning ? 'warn' : !crawler.running ? 'bad' : crawler.mode === 'crawling' ? 'ok' : ''
  return (
    // Refetched every 30 s: a schedule's window opens and closes while the page stays open.
    <div id={OVERVIEW_CRAWLER_ID} class="card crawler" hx-get="/overview/crawler" hx-trigger="every 30s" hx-swap="outerHTML">
      <p>
        DHT crawler: <span class={`tag ${tag}`}>{crawler.warning && crawler.running ? `${state}, with a warning` : state}</span>
        {!crawler.enabled ? (
          <span class="muted"> (turned off in the core's settings; only imports and evidence fill the index)</span>
        ) : null}
        {crawler.enabled && crawler.schedule ? <span class="muted"> Crawls only {crawler.schedule} (the core's local time).</span> : null}
      </p>
      {crawler.warning ? (
        <p class="crawler-warning" role="status">
          <strong>{crawler.warning.message}</strong>{' '}
          <span class="muted">
            ({crawler.warning.code}, since <TimeAgo iso={crawler.warning.since} />)
          </span>
        </p>
      ) : null}
      {crawler.enabled ? (
        <form
          class="crawler-switch"
          action="/overview/crawler"
          method="post"
          hx-post="/overview/crawler"
          hx-target={`#${OVERVIEW_CRAWLER_ID}`}
          hx-swap="outerHTML"
        >
          <input type="hidden" name="paused" value={crawler.paused ? 'false' : 'true'} />
          {/* A plain button named for what it does: as a switch, "Pause crawling, on" read backwards. */}
          <button type="submit" class={crawler.paused ? '' : 'secondary'}>
            {crawler.paused ? 'Resume crawling' : 'Pause crawling'}
          </button>
          <span class="muted">
            {crawler.paused
              ? ' Paused: no DHT queries but for fetches asked for below; kept across restarts.'
              : ' Stops every DHT query within a second; fetches by hash still run.'}
          </span>
          {props.error ? (
            <p class="error" role="alert">
              {props.error}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  )
}
