import { Elysia } from 'elysia'
import { LIBRARY_SELECTION_STATUS_ID } from '../../../views/partials/library-selection'
import { LIBRARY_SEND_STATUS_ID } from '../../../views/partials/library-send'
import { type AuthService, pageAuth } from '../auth'
import { CoreUnavailableError } from '../core-client'
import { DownloadClientFailedError, DownloadClientNotFoundError } from './errors'
import type { DownloadClientService, SendOutcome } from './service'
import { answerSelection, isInfoHash, readSelection, type SelectionOutcome, torrentCount, TorrentNotFoundError } from '../library'
import type { NotificationService } from '../notifications'
import { formText } from '../page-kit'

/** What a send did, in a sentence. */
function describeOutcome(outcome: SendOutcome, clientName: string): string {
  const sent = outcome.taken.length
  const asked = sent + outcome.notTaken.length
  const parts = [
    outcome.notTaken.length === 0
      ? `Sent ${torrentCount(sent)} to “${clientName}”.`
      : `Sent ${sent} of ${torrentCount(asked)} to “${clientName}”; it ${outcome.refusal ?? 'did not take the others'}.`,
  ]
  if (outcome.notInIndex.length > 0) parts.push(`${torrentCount(outcome.notInIndex.length)} no longer in the index.`)
  return parts.join(' ')
}

/**
 * "Send to <name>" on a torrent's page and the library's bulk send of the ticked rows. With htmx
 * each answers its status line (200, a failure in it as an alert); without, a page saying what
 * happened. The service audits every send.
 */
export const librarySend = (deps: { auth: AuthService; downloadClients: DownloadClientService; notifications: NotificationService }) => {
  const send = async (infoHashes: string[], clientId: string, changedBy: string): Promise<SelectionOutcome> => {
    try {
      const { name } = deps.downloadClients.get(clientId)
      return {
        message: describeOutcome(await deps.downloadClients.send(infoHashes, clientId, changedBy), name),
        isError: false,
        status: 200,
      }
    } catch (err) {
      if (err instanceof DownloadClientFailedError) return { message: `Not sent: ${err.message}.`, isError: true, status: 502 }
      if (err instanceof DownloadClientNotFoundError)
        return { message: 'That download client was removed meanwhile.', isError: true, status: 404 }
      if (err instanceof TorrentNotFoundError)
        return { message: 'Not sent: the torrent is no longer in the index.', isError: true, status: 404 }
      if (err instanceof CoreUnavailableError)
        return { message: 'Not sent: the indexer core cannot be reached to look the torrent up.', isError: true, status: 502 }
      throw err
    }
  }

  const answer = (request: Request, statusId: string, outcome: SelectionOutcome, back: string) =>
    answerSelection(deps, request, statusId, outcome, { title: outcome.isError ? 'Not sent' : 'Sent', back })

  return new Elysia({ name: 'dashboard-page-library-send' })
    .use(pageAuth(deps))
    .post('/library/selection/send', async ({ body, request, identity }) => {
      const selection = readSelection(body)
      const outcome = 'infoHashes' in selection ? await send(selection.infoHashes, formText(body, 'client_id'), identity!.actor) : selection
      return answer(request, LIBRARY_SELECTION_STATUS_ID, outcome, '/library')
    })
    .post('/library/:info_hash/send', async ({ params, body, request, identity }) => {
      const back = `/library/${isInfoHash(params.info_hash) ? params.info_hash.toLowerCase() : ''}`
      const selection = readSelection({ info_hash: params.info_hash })
      const outcome = 'infoHashes' in selection ? await send(selection.infoHashes, formText(body, 'client_id'), identity!.actor) : selection
      return answer(request, LIBRARY_SEND_STATUS_ID, outcome, back)
    })
}
