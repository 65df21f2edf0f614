import { Elysia } from 'elysia'
import { LibraryDeletePage } from '../../../views/pages/library-delete'
import { LibraryResults } from '../../../views/partials/library-results'
import { LIBRARY_SELECTION_STATUS_ID } from '../../../views/partials/library-selection'
import { type AuthService, pageAuth } from '../auth'
import { CoreQueryError, CoreUnavailableError } from '../core-client'
import type { LibraryService } from './service'
import type { NotificationService } from '../notifications'
import { formText, htmlPage, htmlPartial, isHtmx, pageChrome } from '../page-kit'
import { listLibrary } from './listing'
import {
  answerSelection,
  readSelection,
  readTag,
  type SelectionOutcome,
  sendTargets,
  type SendTargetSource,
  torrentCount,
} from './selection'

/** A core that failed an action, as the status line says it. */
function coreFailure(err: unknown, what: string): SelectionOutcome {
  if (err instanceof CoreUnavailableError)
    return { message: `Not ${what}: the indexer core cannot be reached.`, isError: true, status: 502 }
  if (err instanceof CoreQueryError) return { message: `Not ${what}: the indexer refused it (${err.message}).`, isError: true, status: 502 }
  throw err
}

/**
 * The library's bulk actions on the ticked rows beside "Send to" (library-send.ts): add or remove
 * a tag, and delete, which the core turns into a block (the block list page lifts it). A delete
 * is confirmed first: htmx's dialog sends `confirmed`; without JavaScript a page lists what goes.
 * A delete with htmx answers the results again, without the rows that went and saying so.
 */
export const libraryBulk = (deps: {
  auth: AuthService
  library: LibraryService
  notifications: NotificationService
  downloadClients: SendTargetSource
}) => {
  const answer = (request: Request, outcome: SelectionOutcome, title: string) =>
    answerSelection(deps, request, LIBRARY_SELECTION_STATUS_ID, outcome, {
      title: outcome.isError ? 'Nothing changed' : title,
      back: '/library',
    })

  const changeTag = async (body: unknown, change: 'add' | 'remove'): Promise<SelectionOutcome> => {
    const selection = readSelection(body)
    if (!('infoHashes' in selection)) return selection
    const read = readTag(formText(body, 'tag'))
    if ('error' in read) return { message: read.error, isError: true, status: 400 }
    try {
      if (change === 'add') await deps.library.addTags(selection.infoHashes, [read.tag])
      else await deps.library.removeTags(selection.infoHashes, [read.tag])
    } catch (err) {
      return coreFailure(err, 'tagged')
    }
    const count = torrentCount(selection.infoHashes.length)
    return {
      message: change === 'add' ? `Tagged ${count} “${read.tag}”.` : `Removed the tag “${read.tag}” from ${count}.`,
      isError: false,
      status: 200,
    }
  }

  return new Elysia({ name: 'dashboard-page-library-bulk' })
    .use(pageAuth(deps))
    .post('/library/selection/tags/add', async ({ body, request }) => answer(request, await changeTag(body, 'add'), 'Tagged'))
    .post('/library/selection/tags/remove', async ({ body, request }) => answer(request, await changeTag(body, 'remove'), 'Tag removed'))
    .post('/library/selection/delete', async ({ body, request, identity }) => {
      const selection = readSelection(body)
      if (!('infoHashes' in selection)) return answer(request, selection, 'Deleted')
      if (formText(body, 'confirmed') !== 'yes') {
        let torrents: { infoHash: string; title: string }[]
        try {
          torrents = await deps.library.findTorrents(selection.infoHashes)
        } catch (err) {
          return answer(request, coreFailure(err, 'deleted'), 'Deleted')
        }
        return htmlPage(LibraryDeletePage({ torrents, ...pageChrome(deps) }))
      }
      try {
        await deps.library.remove(selection.infoHashes, identity!.actor)
      } catch (err) {
        return answer(request, coreFailure(err, 'deleted'), 'Deleted')
      }
      const notice = `Deleted and blocked ${torrentCount(selection.infoHashes.length)}. The Block list shows them and lifts a block.`
      if (!isHtmx(request)) return answer(request, { message: notice, isError: false, status: 200 }, 'Deleted')
      // The list the person is looking at, without the rows that went, saying what happened.
      const listed = await listLibrary(deps.library, new URL(request.headers.get('hx-current-url') ?? '/library', request.url))
      const props = 'error' in listed ? await listLibrary(deps.library, new URL('/library', request.url)) : listed
      if ('error' in props) throw new Error('the plain library address is always a valid filter')
      return htmlPartial(LibraryResults({ ...props, clients: sendTargets(deps.downloadClients), notice, isPartial: true }))
    })
}
