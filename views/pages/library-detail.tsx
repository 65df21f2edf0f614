import { formatBytes, formatCount } from '../format'
import { hasHiddenCharacters } from '../hidden-characters'
import { Layout, chromeOf, type PageChrome } from '../layout'
import { ClassificationExplanation } from '../partials/classification-explanation'
import { contentTypeLabel } from '../../src/vocabulary'
import { ClassificationTag } from '../partials/library-row'
import { ClientBadge } from '../partials/evidence-row'
import type { SendTarget } from '../partials/library-selection'
import { LibrarySend } from '../partials/library-send'
import { LibraryTags } from '../partials/library-tags'
import { SuspiciousNameNotice } from '../partials/suspicious-name'
import { TimeAgo } from '../partials/time-ago'

/** A torrent as its page shows it: what it is, its files and the evidence about it. */
export interface TorrentDetailView {
  info_hash: string
  title: string
  content_type: string
  size_bytes: number
  created_at: string
  magnet_uri: string
  files: { path: string; size_bytes: number }[]
  evidence: { source: string; type: string; result: string; occurred_at: string }[]
}

/** What the page shows beside it: the parsed facts, the label, the tags and why it has its type. */
export interface TorrentFactsView {
  year: number | null
  episodes: string | null
  resolution: string | null
  source: string | null
  codec: string | null
  release_group: string | null
  languages: string[]
  seeders: number | null
  confidence: number
  classification_status: 'confirmed' | 'pending'
  tags: string[]
  /** Null when it was classified before explanations were kept. */
  explanation: { decided_by: string; steps: string[] } | null
}

export interface LibraryDetailPageProps extends PageChrome {
  torrent: TorrentDetailView
  facts: TorrentFactsView
  /** Set when artwork is configured and the artwork API has a poster for the torrent's id. */
  posterUrl: string | null
  /** A tag the core refused, and why (the form without JavaScript lands here). */
  tagDraft?: string
  tagError?: string
  /** The download clients "Send to" offers. */
  clients: SendTarget[]
}

function Fact(props: { label: string; value: string | number | null | undefined }) {
  if (props.value === null || props.value === undefined || props.value === '') return null
  return (
    <tr>
      <th scope="row">{props.label}</th>
      <td>{props.value}</td>
    </tr>
  )
}

/** One torrent: poster, parsed facts, why it has its type, magnet with Copy, Send to each download client, files, evidence, tags and Delete. */
export function LibraryDetailPage(props: LibraryDetailPageProps) {
  const { torrent, facts } = props
  return (
    <Layout title={torrent.title} active="/library" {...chromeOf(props)}>
      <p>
        <a href="/library">← Library</a>
      </p>
      {[torrent.title, ...torrent.files.map((file) => file.path)].some(hasHiddenCharacters) ? <SuspiciousNameNotice /> : null}
      <div class={props.posterUrl ? 'library-detail with-poster' : 'library-detail'}>
        {props.posterUrl ? <img class="poster" src={props.posterUrl} alt={`Poster of ${torrent.title}`} width="200" height="300" /> : null}
        <div class="table-wrap">
          <table class="facts">
            <caption class="visually-hidden">Facts</caption>
            <tbody>
              <Fact label="Type" value={contentTypeLabel(torrent.content_type)} />
              <tr>
                <th scope="row">Label</th>
                <td>
                  <ClassificationTag status={facts.classification_status} />{' '}
                  <span class="muted">confidence {Math.round(facts.confidence * 100)}%</span>
                </td>
              </tr>
              <Fact label="Year" value={facts.year} />
              <Fact label="Episodes" value={facts.episodes} />
              <Fact label="Resolution" value={facts.resolution} />
              <Fact label="Source" value={facts.source} />
              <Fact label="Codec" value={facts.codec} />
              <Fact label="Group" value={facts.release_group} />
              <Fact label="Languages" value={facts.languages.join(', ')} />
              <Fact label="Size" value={formatBytes(torrent.size_bytes)} />
              <Fact label="Seeders" value={facts.seeders === null ? null : formatCount(facts.seeders)} />
              <tr>
                <th scope="row">Added</th>
                <td>
                  <TimeAgo iso={torrent.created_at} />
                </td>
              </tr>
              <tr>
                <th scope="row">Info hash</th>
                <td>
                  <code>{torrent.info_hash}</code>
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      </div>

      <ClassificationExplanation explanation={facts.explanation} />

      <h2>Magnet link</h2>
      <p>
        <a class="button" href={torrent.magnet_uri}>
          Open magnet link
        </a>{' '}
        <span class="muted">hands it to the torrent client your system opens magnets with.</span>
      </p>
      <div class="copy-field">
        <label for="library-magnet" class="visually-hidden">
          Magnet link
        </label>
        <input id="library-magnet" readonly value={torrent.magnet_uri} />
        <button type="button" data-copy={torrent.magnet_uri}>
          Copy magnet link
        </button>
      </div>

      <LibrarySend infoHash={torrent.info_hash} clients={props.clients} />

      <h2>Files</h2>
      {torrent.files.length === 0 ? (
        <p class="muted">The file list is not known yet.</p>
      ) : (
        <div class="table-wrap library-files">
          <table>
            <thead>
              <tr>
                <th scope="col">Path</th>
                <th scope="col" class="num">
                  Size
                </th>
              </tr>
            </thead>
            <tbody>
              {torrent.files.map((file) => (
                <tr>
                  <td class="title">{file.path}</td>
                  <td class="num">{formatBytes(file.size_bytes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>Evidence</h2>
      {torrent.evidence.length === 0 ? (
        <p class="muted">No *arr client has reported on this torrent.</p>
      ) : (
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Client</th>
                <th scope="col">Type</th>
                <th scope="col">Result</th>
              </tr>
            </thead>
            <tbody>
              {torrent.evidence.map((report) => (
                <tr>
                  <td>
                    {/* When it happened, as /evidence and the overview show it (it may be recorded later). */}
                    <TimeAgo iso={report.occurred_at} />
                  </td>
                  <td>
                    <ClientBadge client={report.source} instance={report.source} />
                  </td>
                  <td>{report.type}</td>
                  <td>
                    <span class={`tag ${report.result === 'success' ? 'ok' : report.result === 'failed' ? 'bad' : ''}`}>
                      {report.result}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <LibraryTags infoHash={torrent.info_hash} tags={facts.tags} draft={props.tagDraft} error={props.tagError} />

      <h2>Delete</h2>
      <div class="card danger-zone">
        <p>
          Removes the torrent from the index and blocks its info hash: the crawler will not fetch it again and an import refuses it, until
          you unblock it on the <a href="/library/blocked">Block list</a>.
        </p>
        <button
          type="button"
          class="danger"
          hx-delete={`/library/${torrent.info_hash}`}
          hx-confirm={`Delete "${torrent.title}" from the index? Its info hash is blocked until you unblock it on the Block list page.`}
        >
          Delete and block
        </button>
      </div>
    </Layout>
  )
}

/**
 * A page that explains why there is nothing to show (a bad or unknown hash, the core away), or what
 * an action posted without JavaScript did; `back` is where to go next (the library by default).
 */
export function LibraryMessagePage(props: PageChrome & { title: string; message: string; back?: string }) {
  return (
    <Layout title={props.title} active="/library" {...chromeOf(props)}>
      <p class="card">{props.message}</p>
      <p>
        <a href="/library">← Library</a>
        {props.back && props.back !== '/library' ? (
          <>
            {' · '}
            <a href={props.back}>Back to the torrent</a>
          </>
        ) : null}
      </p>
    </Layout>
  )
}
