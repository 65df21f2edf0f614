import { Layout, chromeOf, type PageChrome } from '../layout'
import { DELETE_WARNING } from '../partials/library-selection'

export interface LibraryDeletePageProps extends PageChrome {
  /** The ticked torrents the index still holds. */
  torrents: { infoHash: string; title: string }[]
}

/**
 * The confirmation a bulk delete asks for without JavaScript (with it, the browser's dialog says
 * the same): what goes, that it is blocked, and a button that posts the same selection confirmed.
 */
export function LibraryDeletePage(props: LibraryDeletePageProps) {
  const count = props.torrents.length
  return (
    <Layout title="Delete torrents?" active="/library" {...chromeOf(props)}>
      <div class="card danger-zone">
        <p>
          {count === 1 ? 'This torrent is' : `These ${count} torrents are`} deleted. {DELETE_WARNING}
        </p>
        <ul class="delete-list">
          {props.torrents.map((torrent) => (
            <li class="title">{torrent.title}</li>
          ))}
        </ul>
        <form method="post" action="/library/selection/delete">
          {props.torrents.map((torrent) => (
            <input type="hidden" name="info_hash" value={torrent.infoHash} />
          ))}
          <input type="hidden" name="confirmed" value="yes" />
          <div class="row-buttons">
            <button type="submit" class="danger">
              Delete and block {count === 1 ? 'it' : `all ${count}`}
            </button>
            <a class="button secondary" href="/library">
              Cancel
            </a>
          </div>
        </form>
      </div>
    </Layout>
  )
}
