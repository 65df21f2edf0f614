import { formatCount } from '../format'
import { Layout, chromeOf, type PageChrome } from '../layout'
import { TimeAgo } from '../partials/time-ago'

/** The id of the list and its pager, the `hx-target` an Unblock swaps. */
export const BLOCK_LIST_ID = 'block-list'

/** A blocked torrent as its row shows it. */
export interface BlockedTorrentView {
  info_hash: string
  /** Null for banned content. */
  name: string | null
  reason: 'operator_delete' | 'banned_rule'
  rule_id: string | null
  blocked_at: string
}

export interface BlockListProps {
  items: BlockedTorrentView[]
  totalCount: number
  page: number
  pageSize: number
  /** What an Unblock just did. */
  notice?: string
  isError?: boolean
}

function Why(props: { item: BlockedTorrentView }) {
  if (props.item.reason === 'operator_delete') return <>Deleted by an operator</>
  return (
    <>
      Banned content (rule <code>{props.item.rule_id}</code>)
    </>
  )
}

/** One blocked hash: its name when kept, when, why, and Unblock for an operator's delete. */
function BlockedRow(props: { item: BlockedTorrentView; page: number }) {
  const { item } = props
  const action = `/library/blocked/${item.info_hash}/unblock`
  return (
    <tr>
      <td class="title" data-label="Name">
        {item.name ? (
          <span class="name" title={item.name}>
            {item.name}
          </span>
        ) : (
          <span class="muted">{item.reason === 'banned_rule' ? 'Not kept: banned content' : 'Not kept'}</span>
        )}
        <code class="hash">{item.info_hash}</code>
      </td>
      <td data-label="Blocked">
        <TimeAgo iso={item.blocked_at} />
      </td>
      <td data-label="Why">
        <Why item={item} />
      </td>
      <td data-label="">
        {item.reason === 'operator_delete' ? (
          <form method="post" action={action}>
            <input type="hidden" name="page" value={String(props.page)} />
            <button type="submit" class="secondary small" hx-post={action} hx-target={`#${BLOCK_LIST_ID}`} hx-swap="outerHTML">
              Unblock<span class="visually-hidden"> {item.name ?? item.info_hash}</span>
            </button>
          </form>
        ) : (
          <span class="muted">Stays blocked</span>
        )}
      </td>
    </tr>
  )
}

/** The blocked hashes, newest first, with Previous/Next. */
export function BlockList(props: BlockListProps) {
  const pages = Math.max(1, Math.ceil(props.totalCount / props.pageSize))
  return (
    <section id={BLOCK_LIST_ID} aria-label="Blocked torrents" aria-live="polite">
      {props.notice ? (
        <p class={props.isError ? 'notice error' : 'notice'} role={props.isError ? 'alert' : 'status'}>
          {props.notice}
        </p>
      ) : null}
      {props.totalCount === 0 ? (
        <p class="card muted">Nothing is blocked.</p>
      ) : (
        <>
          <p class="muted">
            {formatCount(props.totalCount)} blocked {props.totalCount === 1 ? 'hash' : 'hashes'}.
          </p>
          <div class="table-wrap">
            <table class="block-table">
              <thead>
                <tr>
                  <th scope="col">Torrent</th>
                  <th scope="col">Blocked</th>
                  <th scope="col">Why</th>
                  <th scope="col">
                    <span class="visually-hidden">Action</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {props.items.map((item) => (
                  <BlockedRow item={item} page={props.page} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {pages > 1 ? (
        <nav class="pager" aria-label="Block list pages">
          {props.page > 1 ? (
            <a class="button secondary" rel="prev" href={`/library/blocked?page=${props.page - 1}`}>
              Previous
            </a>
          ) : (
            <span />
          )}
          <span class="muted">
            Page {formatCount(props.page)} of {formatCount(pages)}
          </span>
          {props.page < pages ? (
            <a class="button secondary" rel="next" href={`/library/blocked?page=${props.page + 1}`}>
              Next
            </a>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  )
}

/**
 * /library/blocked: what deletes keep out of the index. An operator's delete can be lifted (the
 * crawler or an import may then add the torrent again); banned content stays blocked.
 */
export function BlockListPage(props: BlockListProps & PageChrome) {
  return (
    <Layout title="Block list" active="/library" {...chromeOf(props)}>
      <p>
        <a href="/library">← Library</a>
      </p>
      <p class="muted">
        A deleted torrent's info hash is blocked: the crawler does not fetch it again and an import refuses it. Unblock lets it back in the
        next time it is found or imported. Torrents a banned-content rule deleted stay blocked.
      </p>
      <BlockList {...props} />
    </Layout>
  )
}
