import { Layout, chromeOf, type PageChrome } from '../layout'
import { contentTypeLabel } from '../../src/vocabulary'
import { SetupCopyField, SetupSecretField } from '../partials/setup-copy-field'
import { TimeAgo } from '../partials/time-ago'
import type { WantView } from '../partials/want-row'

export interface WantDetailPageProps extends PageChrome {
  want: WantView
  feed: {
    url: string
    /** The URL with its key masked, when it has one. */
    masked: string | null
    /** The core's address is a loopback one: readers elsewhere need the host's LAN address. */
    isLoopback: boolean
  }
}

const STATUS_LABELS: Record<WantView['status'], string> = { active: 'Active', paused: 'Paused', fulfilled: 'Fulfilled' }

/** One want: what it asks for, and its feed for RSS readers and download clients' RSS rules. */
export function WantDetailPage(props: WantDetailPageProps) {
  const { want, feed } = props
  return (
    <Layout title={want.title} active="/wants" {...chromeOf(props)}>
      <p>
        <a href="/wants">← Wants</a>
      </p>
      <div class="table-wrap">
        <table class="facts">
          <caption class="visually-hidden">Want</caption>
          <tbody>
            <tr>
              <th scope="row">Type</th>
              <td>{contentTypeLabel(want.content_type)}</td>
            </tr>
            <tr>
              <th scope="row">Query</th>
              <td class="title">
                <code>{want.query}</code>
              </td>
            </tr>
            <tr>
              <th scope="row">Priority</th>
              <td>{want.priority}</td>
            </tr>
            <tr>
              <th scope="row">Status</th>
              <td>
                {STATUS_LABELS[want.status]}
                {want.fulfilled_by ? (
                  <>
                    {' by '}
                    <a href={`/library/${want.fulfilled_by}`}>this torrent</a>
                  </>
                ) : null}
              </td>
            </tr>
            {want.notes ? (
              <tr>
                <th scope="row">Notes</th>
                <td class="title">{want.notes}</td>
              </tr>
            ) : null}
            <tr>
              <th scope="row">Added</th>
              <td>
                <TimeAgo iso={want.created_at} />
              </td>
            </tr>
          </tbody>
        </table>
      </div>

      <section aria-labelledby="want-feed">
        <h2 id="want-feed">Feed</h2>
        <div class="card setup-card">
          <p>
            The torrents matching this want, as an RSS feed (the indexer’s Torznab search for its query, in its content type). Paste it into
            an RSS reader, or into your download client’s RSS rules: qBittorrent’s RSS → New subscription with a download rule; Transmission
            through a tool such as flexget.
          </p>
          {feed.masked ? (
            <SetupSecretField label="Feed URL" value={feed.url} shown={feed.masked} />
          ) : (
            <SetupCopyField label="Feed URL" value={feed.url} />
          )}
          {feed.isLoopback ? (
            <p class="muted">
              The core is configured on 127.0.0.1, which only this machine can reach: a reader elsewhere needs the host’s LAN address in
              place of it.
            </p>
          ) : null}
        </div>
      </section>
    </Layout>
  )
}

/** A want's address that names none (deleted, or a stale link). */
export function WantNotFoundPage(props: PageChrome) {
  return (
    <Layout title="Want not found" active="/wants" {...chromeOf(props)}>
      <p class="card">There is no such want: it may have been deleted.</p>
      <p>
        <a href="/wants">← Wants</a>
      </p>
    </Layout>
  )
}
