import { t } from 'elysia'
import { MAX_URL_LENGTH } from '../outbound'

export const DOWNLOAD_CLIENT_KINDS = ['qbittorrent', 'transmission'] as const
export type DownloadClientKind = (typeof DOWNLOAD_CLIENT_KINDS)[number]

/** How each kind is named to people ("Send to qBittorrent …"). */
export const DOWNLOAD_CLIENT_KIND_LABELS: Record<DownloadClientKind, string> = {
  qbittorrent: 'qBittorrent',
  transmission: 'Transmission',
}

/** A download client as the API shows it: the password masked, or null when none is set. */
export interface DownloadClient {
  id: string
  name: string
  kind: DownloadClientKind
  url: string
  username: string | null
  password: string | null
  category: string | null
  created_at: string
  updated_at: string
}

/** What a send did: the torrents the client now has (added, or there already). */
export interface SendResult {
  sent: true
  client: { id: string; name: string }
  info_hashes: string[]
}

const text = (maxLength: number, what: string) => t.String({ maxLength, error: `must be ${what} of at most ${maxLength} characters` })
/** Literals, not t.UnionEnum: Elysia fills an absent UnionEnum with its first value. */
const KIND = t.Union(
  DOWNLOAD_CLIENT_KINDS.map((kind) => t.Literal(kind)),
  { error: `must be one of ${DOWNLOAD_CLIENT_KINDS.join(', ')}` },
)
const NAME = t.String({ minLength: 1, maxLength: 100, error: 'must be text of 1 to 100 characters' })
const URL_FIELD = text(MAX_URL_LENGTH, 'an http:// or https:// URL')
/** null or '' clears the field. */
const OPTIONAL_TEXT = (maxLength: number, what: string) =>
  t.Optional(t.Union([text(maxLength, what), t.Null()], { error: `must be ${what} of at most ${maxLength} characters, or null` }))

export const CreateDownloadClientBody = t.Object({
  name: NAME,
  kind: KIND,
  url: URL_FIELD,
  username: OPTIONAL_TEXT(256, 'text'),
  password: OPTIONAL_TEXT(512, 'text'),
  category: OPTIONAL_TEXT(64, 'text'),
})
export type CreateDownloadClientInput = typeof CreateDownloadClientBody.static

/** Only the fields sent change; a password sent back as shown (masked) is kept as it is. */
export const UpdateDownloadClientBody = t.Object({
  name: t.Optional(NAME),
  kind: t.Optional(KIND),
  url: t.Optional(URL_FIELD),
  username: OPTIONAL_TEXT(256, 'text'),
  password: OPTIONAL_TEXT(512, 'text'),
  category: OPTIONAL_TEXT(64, 'text'),
})
export type UpdateDownloadClientInput = typeof UpdateDownloadClientBody.static

export const DownloadClientParams = t.Object({ id: t.String({ maxLength: 64 }) })

export const SendBody = t.Object({ client_id: t.String({ minLength: 1, maxLength: 64, error: 'must name a download client by its id' }) })
