import { callOutbound, readAnswerText } from '../outbound'
import type { AddOutcome, CallOptions, ClientAccess, DownloadClientApi, TorrentToAdd } from './client-api'
import { ClientAnswerError } from './errors'

/** How long an added magnet may take to show in the torrent list (qBittorrent adds it asynchronously). */
const LISTED_WITHIN_MS = 5_000
const LIST_POLL_MS = 100

/**
 * qBittorrent's WebUI API v2 (qBittorrent 4.1 and later), the calls a send needs:
 * `POST /api/v2/auth/login` (form `username`, `password`; 200 "Ok." with a `SID` cookie, 200
 * "Fails." for wrong credentials, 403 while the address is banned for failed sign-ins),
 * `GET /api/v2/app/version` ("v4.5.2"), `POST /api/v2/torrents/add` (form `urls`, one a line, and
 * `category`, which qBittorrent creates when missing; "Ok." when any was added, "Fails." when
 * none was, a duplicate included) and `GET /api/v2/torrents/info?hashes=a|b` (JSON array of
 * `{hash, ...}`). Without a user name no sign-in is made: the client lets this address in
 * unauthenticated (its "bypass authentication" options) or answers 403.
 */
export function createQbittorrentWebApi(access: ClientAccess, options: CallOptions): DownloadClientApi {
  const base = `${access.url.replace(/\/+$/, '')}/api/v2`

  const signIn = async (): Promise<Record<string, string>> => {
    if (access.username === null) return {}
    const response = await callOutbound(
      `${base}/auth/login`,
      { method: 'POST', body: new URLSearchParams({ username: access.username, password: access.password ?? '' }) },
      options,
    )
    const answer = (await readAnswerText(response)).trim()
    if (response.status === 403)
      throw new ClientAnswerError(
        'refuses sign-ins from this address for now, after too many failed ones (qBittorrent bans it for a while)',
      )
    if (response.status !== 200) throw new ClientAnswerError(`answered its sign-in with HTTP ${response.status}`)
    if (answer === 'Fails.') throw new ClientAnswerError('refused the user name or password')
    if (answer !== 'Ok.') throw new ClientAnswerError('did not answer the sign-in as qBittorrent does: is this the address of its Web UI?')
    const sid = response.headers
      .getSetCookie()
      .map((cookie) => /^SID=([^;]*)/.exec(cookie)?.[1])
      .find((value) => value !== undefined)
    return sid ? { cookie: `SID=${sid}` } : {}
  }

  const call = async (path: string, init: RequestInit, session: Record<string, string>): Promise<string> => {
    const response = await callOutbound(`${base}${path}`, { ...init, headers: session }, options)
    const answer = await readAnswerText(response)
    if (response.status === 403)
      throw new ClientAnswerError(
        access.username === null ? 'asks for a user name and password' : 'answered 403 Forbidden although the sign-in was accepted',
      )
    if (response.status !== 200) throw new ClientAnswerError(`answered ${path} with HTTP ${response.status}`)
    return answer
  }

  const listed = async (infoHashes: string[], session: Record<string, string>): Promise<string[]> => {
    const answer = await call(`/torrents/info?hashes=${infoHashes.join('|')}`, { method: 'GET' }, session)
    let torrents: unknown
    try {
      torrents = JSON.parse(answer)
    } catch {
      throw new ClientAnswerError('answered its torrent list with something other than JSON: is this the address of its Web UI?')
    }
    if (!Array.isArray(torrents)) throw new ClientAnswerError('answered its torrent list with something other than a list')
    const hashes = new Set(torrents.map((torrent) => String((torrent as { hash?: unknown }).hash ?? '').toLowerCase()))
    return infoHashes.filter((infoHash) => hashes.has(infoHash))
  }

  return {
    async version() {
      return (await call('/app/version', { method: 'GET' }, await signIn())).trim()
    },

    async add(torrents: TorrentToAdd[], category: string | null): Promise<AddOutcome> {
      const session = await signIn()
      const form = new URLSearchParams({ urls: torrents.map((torrent) => torrent.magnet).join('\n') })
      if (category !== null) form.set('category', category)
      const answer = (await call('/torrents/add', { method: 'POST', body: form }, session)).trim()
      const infoHashes = torrents.map((torrent) => torrent.infoHash)
      // "Fails." may still mean "all of them were there already": the list says what the client has.
      const deadline = Date.now() + (answer === 'Fails.' ? 0 : LISTED_WITHIN_MS)
      for (;;) {
        const taken = await listed(infoHashes, session)
        if (taken.length === infoHashes.length) return { taken, refusal: null }
        if (Date.now() >= deadline)
          return { taken, refusal: answer === 'Fails.' ? 'did not take the torrent' : 'did not list the torrent after taking it' }
        await Bun.sleep(LIST_POLL_MS)
      }
    },
  }
}
