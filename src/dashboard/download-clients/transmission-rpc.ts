import { callOutbound, readAnswerText } from '../outbound'
import type { AddOutcome, CallOptions, ClientAccess, DownloadClientApi, TorrentToAdd } from './client-api'
import { ClientAnswerError } from './errors'

/** Where Transmission serves its RPC when the operator gave only the host (or its web UI's address). */
const RPC_PATH = '/transmission/rpc'

/** The RPC endpoint for an address as typed: `http://nas:9091` and `…/transmission/web/` mean `…/transmission/rpc`. */
export function transmissionRpcUrl(address: string): string {
  const url = new URL(address)
  if (url.pathname === '/' || url.pathname === '') url.pathname = RPC_PATH
  else url.pathname = url.pathname.replace(/\/transmission\/web\/?$/, RPC_PATH)
  return url.toString()
}

interface RpcAnswer {
  result?: unknown
  arguments?: Record<string, unknown>
}

/**
 * Transmission's RPC (its rpc-spec), the calls a send needs, each a JSON `{method, arguments}`
 * POSTed to /transmission/rpc with HTTP basic auth. Its CSRF guard answers the first request (and
 * any after a restart) 409 with the `X-Transmission-Session-Id` to send; the request is then made
 * again with it. `session-get` with `fields: ["version"]` is the version call; `torrent-add` with
 * `filename` = the magnet answers `torrent-added` or, when it has it already, `torrent-duplicate`
 * (each `{hashString, id, name}`); any other `result` than "success" is its refusal, in words. The
 * category becomes a label with `torrent-set` `labels` (RPC 16, Transmission 3.00): `torrent-add`
 * takes `labels` only from RPC 17 (4.0).
 */
export function createTransmissionRpc(access: ClientAccess, options: CallOptions): DownloadClientApi {
  const url = transmissionRpcUrl(access.url)
  const authorization: Record<string, string> =
    access.username === null
      ? {}
      : { authorization: `Basic ${Buffer.from(`${access.username}:${access.password ?? ''}`).toString('base64')}` }
  let sessionId: string | null = null

  /** One call's answer; a refused sign-in, a refused address or an answer that is not Transmission's throws. */
  const call = async (method: string, args: Record<string, unknown>): Promise<RpcAnswer> => {
    // Once with the id this client holds, once more with the one a 409 hands over.
    for (let attempt = 0; attempt < 2; attempt++) {
      const headers: Record<string, string> = { 'content-type': 'application/json', ...authorization }
      if (sessionId) headers['x-transmission-session-id'] = sessionId
      const response = await callOutbound(url, { method: 'POST', headers, body: JSON.stringify({ method, arguments: args }) }, options)
      const answer = await readAnswerText(response)
      if (response.status === 409 && response.headers.has('x-transmission-session-id')) {
        sessionId = response.headers.get('x-transmission-session-id')
        continue
      }
      if (response.status === 401) throw new ClientAnswerError('refused the user name or password')
      if (response.status === 403) throw new ClientAnswerError("refuses this address: add the dashboard's address to its rpc-whitelist")
      if (response.status !== 200)
        throw new ClientAnswerError(`answered its RPC with HTTP ${response.status}: is this Transmission's address?`)
      try {
        return JSON.parse(answer) as RpcAnswer
      } catch {
        throw new ClientAnswerError("did not answer its RPC with JSON: is this Transmission's address?")
      }
    }
    throw new ClientAnswerError('kept asking for a new session id (HTTP 409)')
  }

  /** The arguments of a successful call; any other `result` is the client's refusal, thrown. */
  const succeed = async (method: string, args: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const answer = await call(method, args)
    if (answer.result !== 'success') throw new ClientAnswerError(`refused: ${refusalOf(answer)}`)
    return answer.arguments ?? {}
  }

  return {
    async version() {
      return String((await succeed('session-get', { fields: ['version'] })).version ?? 'unknown')
    },

    async add(torrents: TorrentToAdd[], category: string | null): Promise<AddOutcome> {
      const present: string[] = []
      let refusal: string | null = null
      for (const torrent of torrents) {
        const answer = await call('torrent-add', { filename: torrent.magnet })
        const taken = (answer.arguments?.['torrent-added'] ?? answer.arguments?.['torrent-duplicate']) as
          | { hashString?: unknown }
          | undefined
        if (answer.result === 'success' && typeof taken?.hashString === 'string') present.push(taken.hashString.toLowerCase())
        else refusal = `refused the torrent: ${refusalOf(answer)}`
      }
      if (category !== null && present.length > 0) await succeed('torrent-set', { ids: present, labels: [category] })
      return { taken: torrents.map((torrent) => torrent.infoHash).filter((infoHash) => present.includes(infoHash)), refusal }
    },
  }
}

/** Transmission's `result` when it is not "success": its reason in words ("invalid or corrupt torrent file"). */
const refusalOf = (answer: RpcAnswer) => String(answer.result ?? 'no result').slice(0, 200)
