import { LibraryMessagePage } from '../../../views/pages/library-detail'
import { ActionStatus } from '../../../views/partials/action-status'
import type { SendTarget } from '../../../views/partials/library-selection'
import type { AuthService } from '../auth'
import { isTagName, normaliseTag, TAG_MAX_LENGTH } from '../../vocabulary'
import type { NotificationService } from '../notifications'
import { formList, htmlPage, htmlPartial, isHtmx, pageChrome } from '../page-kit'

/** Most torrents one bulk action takes: the library shows 50 a page; more is not a person ticking boxes. */
export const MAX_SELECTED = 500

export const isInfoHash = (raw: string) => /^[0-9a-fA-F]{40}$/.test(raw)

export const torrentCount = (count: number) => `${count} ${count === 1 ? 'torrent' : 'torrents'}`

/** What a bulk action did, or why it did nothing: a sentence, whether it failed, and its HTTP status. */
export interface SelectionOutcome {
  message: string
  isError: boolean
  status: number
}

/** The ticked rows' info hashes (lowercased, once each), or why they cannot be acted on. */
export function readSelection(body: unknown): { infoHashes: string[] } | SelectionOutcome {
  const ticked = formList((body as Record<string, unknown> | undefined)?.info_hash)
  const infoHashes = [...new Set(ticked.filter(isInfoHash).map((infoHash) => infoHash.toLowerCase()))]
  if (infoHashes.length === 0) return { message: 'Tick at least one torrent first.', isError: true, status: 400 }
  if (infoHashes.length > MAX_SELECTED) return { message: `At most ${MAX_SELECTED} torrents at a time.`, isError: true, status: 400 }
  return { infoHashes }
}

/**
 * A library action's answer: with htmx the status line it fills (200, a failure in it as an
 * alert), without a page saying what happened with the way back.
 */
export function answerSelection(
  deps: { auth: AuthService; notifications: NotificationService },
  request: Request,
  statusId: string,
  outcome: SelectionOutcome,
  page: { title: string; back: string },
): Promise<Response> {
  return isHtmx(request)
    ? htmlPartial(ActionStatus({ id: statusId, message: outcome.message, isError: outcome.isError }))
    : htmlPage(LibraryMessagePage({ title: page.title, message: outcome.message, back: page.back, ...pageChrome(deps) }), outcome.status)
}

/** What a tag field holds, as the core takes it, or why it cannot be one. */
export function readTag(raw: unknown): { tag: string } | { error: string } {
  const tag = typeof raw === 'string' ? normaliseTag(raw) : ''
  if (tag === '') return { error: 'Type a tag.' }
  if (!isTagName(tag)) return { error: `Use lowercase letters and digits joined by dashes, at most ${TAG_MAX_LENGTH}.` }
  return { tag }
}

/** What lists the download clients the Send buttons offer (the download clients feature does). */
export interface SendTargetSource {
  list(): { id: string; name: string }[]
}

/** The download clients as the Send buttons name them. */
export const sendTargets = (downloadClients: SendTargetSource): SendTarget[] =>
  downloadClients.list().map((client) => ({ id: client.id, name: client.name }))
