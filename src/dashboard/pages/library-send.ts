import { Elysia } from 'elysia'
import { LibraryMessagePage } from '../../../views/pages/library-detail'
import { ActionStatus } from '../../../views/partials/action-status'
import { LIBRARY_SELECTION_STATUS_ID, type SendTarget } from '../../../views/partials/library-selection'
import { LIBRARY_SEND_STATUS_ID } from '../../../views/partials/library-send'
import type { AuthService } from '../auth/service'
import { CoreUnavailableError } from '../core-client'
import { DownloadClientFailedError, DownloadClientNotFoundError } from '../download-clients/errors'
import type { DownloadClientService, SendOutcome } from '../download-clients/service'
import { TorrentNotFoundError } from '../library/service'
import type { NotificationService } from '../notifications/service'
import { formList, formText } from './field-errors'
import { pageAuth } from './page-auth'
import { htmlPage, htmlPartial, isHtmx, pageChrome } from './render'

/** Most torrents one bulk send takes: the library shows 50 a page; more is not a person ticking boxes. */
const MAX_SELECTED = 500

const isInfoHash = (raw: string) => /^[0-9a-fA-F]{40}$/.test(raw)

/** The download clients as the Send buttons name them. */
export const sendTargets = (downloadClients: DownloadClientService): SendTarget[] =>
  downloadClients.list().map((client) => ({ id: client.id, name: client.name }))

const torrents = (count: number) => `${count} ${count === 1 ? 'torrent' : 'torrents'}`

/** What a send did, in a sentence. */
function describeOutcome(outcome: SendOutcome, clientName: string): string {
  const sent = outcome.taken.length
  const asked = sent + outcome.notTaken.length
  const parts = [
    outcome.notTaken.length === 0
      ? `Sent ${torrents(sent)} to “${clientName}”.`
      : `Sent ${sent} of ${torrents(asked)} to “${clientName}”; it ${outcome.refusal ?? 'did not take the others'}.`,
  ]
  if (outcome.notInIndex.length > 0) parts.push(`${torrents(outcome.notInIndex.length)} no longer in the index.`)
  return parts.join(' ')
}

/**
 * "Send to <name>" on a torrent's page and the library's bulk send of the ticked rows. With htmx
 * each answers its status line (200, a failure in it as an alert); without, a page saying what
 * happened. The service audits every send.
 */
export const librarySend = (deps: { auth: AuthService; downloadClients: DownloadClientService; notifications: NotificationService }) => {
  const send = async (
    infoHashes: string[],
    clientId: string,
    changedBy: string,
  ): Promise<{ message: string; isError: boolean; status: number }> => {
    if (infoHashes.length === 0) return { message: 'Tick at least one torrent first.', isError: true, status: 400 }
    if (infoHashes.length > MAX_SELECTED) return { message: `At most ${MAX_SELECTED} torrents at a time.`, isError: true, status: 400 }
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

  const answer = (request: Request, statusId: string, outcome: Awaited<ReturnType<typeof send>>, back: string) =>
    isHtmx(request)
      ? htmlPartial(ActionStatus({ id: statusId, message: outcome.message, isError: outcome.isError }))
      : htmlPage(
          LibraryMessagePage({ title: outcome.isError ? 'Not sent' : 'Sent', message: outcome.message, back, ...pageChrome(deps) }),
          outcome.status,
        )

  return new Elysia({ name: 'dashboard-page-library-send' })
    .use(pageAuth(deps))
    .post('/library/selection/send', async ({ body, request, identity }) => {
      const ticked = formList((body as Record<string, unknown> | undefined)?.info_hash)
      const infoHashes = [...new Set(ticked.filter(isInfoHash).map((infoHash) => infoHash.toLowerCase()))]
      return answer(request, LIBRARY_SELECTION_STATUS_ID, await send(infoHashes, formText(body, 'client_id'), identity!.actor), '/library')
    })
    .post('/library/:info_hash/send', async ({ params, body, request, identity }) => {
      const infoHashes = isInfoHash(params.info_hash) ? [params.info_hash.toLowerCase()] : []
      const back = `/library/${infoHashes[0] ?? ''}`
      return answer(request, LIBRARY_SEND_STATUS_ID, await send(infoHashes, formText(body, 'client_id'), identity!.actor), back)
    })
}
