import { randomUUID } from 'node:crypto'
import { BadRequestError } from '../../http'
import type { Logger } from '../../log'
import type { AuditService } from '../audit'
import { TorrentNotFoundError } from '../library'
import { createReceiverBook, maskCredential, MAX_URL_LENGTH, OutboundCallError, readReceiverUrl, redactSecrets } from '../outbound'
import type { ClientAccess, DownloadClientApi, TorrentToAdd } from './client-api'
import { ClientAnswerError, DownloadClientFailedError, DownloadClientNotFoundError } from './errors'
import {
  type CreateDownloadClientInput,
  DOWNLOAD_CLIENT_KIND_LABELS,
  DOWNLOAD_CLIENT_KINDS,
  type DownloadClient,
  type DownloadClientKind,
  type UpdateDownloadClientInput,
} from './model'
import { createQbittorrentWebApi } from './qbittorrent-web-api'
import type { DownloadClientRepository, DownloadClientRow } from '../store'
import { createTransmissionRpc } from './transmission-rpc'

/** Longest one call to a client may take: a click waits on it, and a NAS on the LAN answers in far less. */
const CALL_TIMEOUT_MS = 10_000

/** A torrent of the index to send: found by the library, by info hash. */
export interface TorrentToSend extends TorrentToAdd {
  title: string
}

/** What a send did: the torrents the client has now, those it would not take and why, and those the index does not have. */
export interface SendOutcome {
  taken: string[]
  notTaken: string[]
  refusal: string | null
  notInIndex: string[]
}

const toClient = (row: DownloadClientRow): DownloadClient => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  url: row.url,
  username: row.username,
  password: row.password === null ? null : maskCredential(row.password),
  category: row.category,
  created_at: row.createdAt,
  updated_at: row.updatedAt,
})

/** How a client is kept in the audit log: as the API shows it, without its id and times. */
const auditView = (row: DownloadClientRow) => {
  const { id: _id, created_at: _created, updated_at: _updated, ...view } = toClient(row)
  return view
}

const API_OF_KIND: Record<DownloadClientKind, (access: ClientAccess, options: { timeoutMs: number }) => DownloadClientApi> = {
  qbittorrent: createQbittorrentWebApi,
  transmission: createTransmissionRpc,
}

/** null for '' and null (the field cleared); the text otherwise. */
const optional = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null || value.trim() === '' ? null : value

/**
 * What the API's schema checks, checked again for callers without one (the settings page's form):
 * the kind is known and no text is longer than its column is meant to hold.
 */
function checkFields(input: UpdateDownloadClientInput): void {
  if (input.kind !== undefined && !DOWNLOAD_CLIENT_KINDS.includes(input.kind))
    throw new BadRequestError(`kind: must be one of ${DOWNLOAD_CLIENT_KINDS.join(', ')}`)
  const limits = { url: MAX_URL_LENGTH, username: 256, password: 512, category: 64 } as const
  for (const [field, max] of Object.entries(limits)) {
    const value = input[field as keyof typeof limits]
    if (typeof value === 'string' && value.length > max) throw new BadRequestError(`${field}: must be at most ${max} characters`)
  }
}

/**
 * qBittorrent's category rule (no leading or trailing `/`, no `//`) and Transmission's label rule
 * (no comma), so that one value works in both; no control characters in either.
 */
function readCategory(raw: string | null | undefined): string | null | undefined {
  const category = optional(raw)?.trim()
  if (category === undefined || category === null) return category
  if (category === '') return null
  if (/[,\p{Cc}]/u.test(category) || category.startsWith('/') || category.endsWith('/') || category.includes('//'))
    throw new BadRequestError('category: must be a name without commas or control characters, not starting or ending with / and without //')
  return category
}

/**
 * Download clients (issue 33): the operator's qBittorrent and Transmission, kept in the
 * dashboard's store, tested by their version call and sent torrents as magnets. Every change and
 * every send is an audit row (changes `setting`, sends `operator`); the password is masked in every
 * answer and audit row, and kept out of every message and log line.
 */
export function createDownloadClientService(deps: {
  repository: DownloadClientRepository
  audit: AuditService
  /** The index's torrents by info hash (the core's magnets); those it does not know are left out. */
  findTorrents: (infoHashes: string[]) => Promise<TorrentToSend[]>
  log: Logger
  timeoutMs?: number
}) {
  const timeoutMs = deps.timeoutMs ?? CALL_TIMEOUT_MS

  const book = createReceiverBook({
    repository: deps.repository,
    audit: deps.audit,
    key: 'download_client',
    what: 'download client',
    notFound: (id) => new DownloadClientNotFoundError(id),
    auditView,
  })
  const row = book.row

  const label = (client: DownloadClientRow) => `${DOWNLOAD_CLIENT_KIND_LABELS[client.kind]} "${client.name}"`

  /** Runs `call` against the client; what goes wrong becomes a DownloadClientFailedError naming it, the password redacted. */
  const onClient = async <T>(client: DownloadClientRow, call: (api: DownloadClientApi) => Promise<T>): Promise<T> => {
    const api = API_OF_KIND[client.kind]({ url: client.url, username: client.username, password: client.password }, { timeoutMs })
    try {
      return await call(api)
    } catch (err) {
      if (!(err instanceof ClientAnswerError || err instanceof OutboundCallError)) throw err
      const reason = redactSecrets(err.message, [client.password])
      deps.log.warn('download client call failed', { clientId: client.id, kind: client.kind, reason })
      throw new DownloadClientFailedError(`${label(client)} ${err instanceof OutboundCallError ? `cannot be reached: ${reason}` : reason}`)
    }
  }

  const recordSend = (client: DownloadClientRow, action: 'torrent_sent' | 'torrent_send_failed', value: object, changedBy: string) =>
    deps.audit.record({ kind: 'operator', key: `download_client:${client.name}`, action, newValue: value, changedBy })

  return {
    list: (): DownloadClient[] => deps.repository.list().map(toClient),

    get: (id: string): DownloadClient => toClient(row(id)),

    create(input: CreateDownloadClientInput, changedBy: string): DownloadClient {
      checkFields(input)
      const name = book.readName(input.name)
      const now = new Date().toISOString()
      const created = deps.repository.insert({
        id: randomUUID(),
        name,
        kind: input.kind,
        url: readReceiverUrl(input.url).href,
        username: optional(input.username) ?? null,
        password: optional(input.password) ?? null,
        category: readCategory(input.category) ?? null,
        createdAt: now,
        updatedAt: now,
      })
      book.recordAdded(created, changedBy)
      return toClient(created)
    },

    /** Only the fields sent change. A password sent back as the API shows it (masked) keeps the stored one. */
    update(id: string, input: UpdateDownloadClientInput, changedBy: string): DownloadClient {
      const current = row(id)
      checkFields(input)
      const name = input.name === undefined ? undefined : book.readName(input.name, id)
      const password = optional(input.password)
      const isMaskedEcho =
        password !== undefined && password !== null && current.password !== null && password === maskCredential(current.password)
      const updated = deps.repository.update(id, {
        ...(name !== undefined && { name }),
        ...(input.kind !== undefined && { kind: input.kind }),
        ...(input.url !== undefined && { url: readReceiverUrl(input.url).href }),
        ...(input.username !== undefined && { username: optional(input.username) ?? null }),
        ...(password !== undefined && !isMaskedEcho && { password }),
        ...(input.category !== undefined && { category: readCategory(input.category) ?? null }),
        updatedAt: new Date().toISOString(),
      })
      if (!updated) throw new DownloadClientNotFoundError(id)
      book.recordChanged(current, updated, changedBy)
      return toClient(updated)
    },

    remove: book.remove,

    /** The client's version call, signed in: what the settings page's Test shows. */
    async test(id: string): Promise<{ ok: true; version: string }> {
      const client = row(id)
      return { ok: true, version: await onClient(client, (api) => api.version()) }
    },

    /**
     * Sends torrents of the index to the client as magnets, under its category. Each torrent it
     * takes is an audit row; so is a send that fails, with the reason. None of them in the index is
     * a TorrentNotFoundError; nothing taken at all a DownloadClientFailedError; some taken is an
     * outcome naming the others.
     */
    async send(infoHashes: string[], clientId: string, changedBy: string): Promise<SendOutcome> {
      const client = row(clientId)
      const torrents = await deps.findTorrents(infoHashes)
      if (torrents.length === 0) throw new TorrentNotFoundError(infoHashes[0] ?? '')
      const sent = torrents.map((torrent) => torrent.infoHash)
      let outcome: Awaited<ReturnType<DownloadClientApi['add']>>
      try {
        outcome = await onClient(client, (api) => api.add(torrents, client.category))
      } catch (err) {
        if (err instanceof DownloadClientFailedError)
          recordSend(client, 'torrent_send_failed', { info_hashes: sent, error: err.message }, changedBy)
        throw err
      }
      for (const torrent of torrents.filter((candidate) => outcome.taken.includes(candidate.infoHash)))
        recordSend(client, 'torrent_sent', { info_hash: torrent.infoHash, title: torrent.title }, changedBy)
      const notTaken = sent.filter((infoHash) => !outcome.taken.includes(infoHash))
      const refusal = outcome.refusal === null ? null : redactSecrets(outcome.refusal, [client.password])
      if (notTaken.length > 0) {
        const error = `${label(client)} ${refusal ?? 'did not take it'}`
        recordSend(client, 'torrent_send_failed', { info_hashes: notTaken, error }, changedBy)
        if (outcome.taken.length === 0) throw new DownloadClientFailedError(error)
      }
      return { taken: outcome.taken, notTaken, refusal, notInIndex: infoHashes.filter((infoHash) => !sent.includes(infoHash)) }
    },
  }
}

export type DownloadClientService = ReturnType<typeof createDownloadClientService>
