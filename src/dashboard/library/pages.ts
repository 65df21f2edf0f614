import { Elysia } from 'elysia'
import { LibraryDetailPage, LibraryMessagePage } from '../../../views/pages/library-detail'
import { LibraryPage } from '../../../views/pages/library'
import { LibraryResults } from '../../../views/partials/library-results'
import { LibraryTags } from '../../../views/partials/library-tags'
import { CoreQueryError, CoreUnavailableError } from '../core-client'
import type { TorrentDetailFacts } from './model'
import { type LibraryService, TorrentNotFoundError } from './service'
import { type AuthService, pageAuth } from '../auth'
import type { NotificationService } from '../notifications'
import type { PosterService } from '../posters'
import { listLibrary } from './listing'
import { isInfoHash, readTag, sendTargets, type SendTargetSource } from './selection'
import { htmlPage, htmlPartial, isHtmx, pageChrome } from '../page-kit'

/** /library (search, filter, pages) and /library/{info_hash} (facts, files, evidence, tags, delete). */
export const libraryPage = (deps: {
  library: LibraryService
  posters: PosterService
  notifications: NotificationService
  auth: AuthService
  downloadClients: SendTargetSource
}) => {
  const clients = () => sendTargets(deps.downloadClients)
  const message = (status: number, title: string, text: string, coreUnavailable = false) =>
    htmlPage(LibraryMessagePage({ title, message: text, ...pageChrome(deps), coreUnavailable }), status)

  const posterUrl = async ({ tmdb, poster_url }: TorrentDetailFacts) => {
    // The core's enrichment already has the poster of the work: the same row the feed's coverurl is.
    if (poster_url) return poster_url
    // Else (an id an *arr import confirmed, not looked up yet) the dashboard's own lookup by id.
    if (!tmdb) return null
    // No key, no poster at TMDB, or TMDB away: the page shows no poster rather than failing.
    return deps.posters.find(tmdb.id, tmdb.media_type).then(
      (poster) => poster.poster_url,
      () => null,
    )
  }

  const detailPage = async (infoHash: string, tagState: { tagDraft?: string; tagError?: string } = {}) => {
    try {
      const [torrent, facts] = await Promise.all([deps.library.get(infoHash), deps.library.facts(infoHash)])
      return htmlPage(
        LibraryDetailPage({
          torrent,
          facts,
          posterUrl: await posterUrl(facts),
          clients: clients(),
          ...pageChrome(deps),
          ...tagState,
        }),
      )
    } catch (err) {
      if (err instanceof TorrentNotFoundError)
        return message(404, 'Torrent not found', `No torrent with info hash ${infoHash} is in the index.`)
      if (err instanceof CoreUnavailableError)
        return message(502, 'Torrent', 'The indexer core cannot be reached, so this torrent cannot be shown now.', true)
      throw err
    }
  }

  /** The tags after a change, as htmx swaps them; without htmx, back to the page. */
  /** The route's info hash, lowercased, to `run`; a 400 page for one that is not 40 hex characters. */
  const onTorrent = (raw: string, run: (infoHash: string) => Promise<Response>) =>
    isInfoHash(raw) ? run(raw.toLowerCase()) : message(400, 'Not an info hash', 'An info hash is 40 hexadecimal characters.')
  const afterTagChange = async (request: Request, infoHash: string, tagState: { draft?: string; error?: string } = {}) => {
    if (!isHtmx(request)) {
      if (tagState.error) return detailPage(infoHash, { tagDraft: tagState.draft, tagError: tagState.error })
      return new Response(null, { status: 303, headers: { location: `/library/${infoHash}` } })
    }
    const facts = await deps.library.facts(infoHash)
    return htmlPartial(LibraryTags({ infoHash, tags: facts.tags, ...tagState }))
  }

  return new Elysia({ name: 'dashboard-page-library' })
    .use(pageAuth(deps))
    .get('/library', async ({ request }) => {
      const listed = await listLibrary(deps.library, new URL(request.url))
      if ('error' in listed) return message(400, 'Library', listed.error)
      const props = { ...listed, clients: clients() }
      if (isHtmx(request)) return htmlPartial(LibraryResults({ ...props, isPartial: true }))
      return htmlPage(
        LibraryPage({ ...props, ...pageChrome(deps), coreUnavailable: props.results === null && props.refusal === undefined }),
      )
    })
    .get('/library/:info_hash', ({ params }) => onTorrent(params.info_hash, (infoHash) => detailPage(infoHash)))
    .post('/library/:info_hash/tags', ({ params, body, request }) =>
      onTorrent(params.info_hash, async (infoHash) => {
        const draft = (body as { tag?: unknown } | undefined)?.tag
        const read = readTag(draft)
        if ('error' in read) return afterTagChange(request, infoHash, { draft: typeof draft === 'string' ? draft : '', error: read.error })
        try {
          await deps.library.addTags([infoHash], [read.tag])
        } catch (err) {
          if (!(err instanceof CoreQueryError)) throw err
          return afterTagChange(request, infoHash, { draft: read.tag, error: `The indexer refused it: ${err.message}` })
        }
        return afterTagChange(request, infoHash)
      }),
    )
    .delete('/library/:info_hash/tags/:tag', ({ params, request }) =>
      onTorrent(params.info_hash, async (infoHash) => {
        await deps.library.removeTags([infoHash], [decodeURIComponent(params.tag)])
        return afterTagChange(request, infoHash)
      }),
    )
    .delete('/library/:info_hash', ({ params, identity }) =>
      onTorrent(params.info_hash, async (infoHash) => {
        await deps.library.remove([infoHash], identity!.actor)
        // htmx follows HX-Redirect with a full navigation: the torrent's page no longer exists.
        return new Response(null, { status: 200, headers: { 'hx-redirect': '/library' } })
      }),
    )
}
