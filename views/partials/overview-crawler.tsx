import type { CrawlerState } from '../../src/dashboard/stats/overview-service'
import { TimeAgo } from './time-ago'

/** The crawler's state, and its warning when it has one (no DHT response, bind failure...). */
export function OverviewCrawler(props: { crawler: CrawlerState | null }) {
  const { crawler } = props
  if (!crawler) return <p class="card muted">The crawler's state is unknown while the core is away.</p>
  const state = !crawler.enabled ? 'Off' : crawler.running ? 'Running' : 'Stopped'
  const tag = !crawler.enabled ? '' : crawler.warning ? 'warn' : crawler.running ? 'ok' : 'bad'
  return (
    <div class="card crawler">
      <p>
        DHT crawler: <span class={`tag ${tag}`}>{crawler.warning && crawler.running ? 'Running, with a warning' : state}</span>
        {!crawler.enabled ? (
          <span class="muted"> (turned off in the core's settings; only imports and evidence fill the index)</span>
        ) : null}
      </p>
      {crawler.warning ? (
        <p class="crawler-warning" role="status">
          <strong>{crawler.warning.message}</strong>{' '}
          <span class="muted">
            ({crawler.warning.code}, since <TimeAgo iso={crawler.warning.since} />)
          </span>
        </p>
      ) : null}
    </div>
  )
}
