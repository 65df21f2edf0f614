import type { Logger } from '../../log'
import { CoreQueryError, CoreRefusedError, CoreUnavailableError } from './errors'
import { isPrometheusContentType, isPrometheusText } from './prometheus-text'

/**
 * Longest the dashboard waits on the core: a read behind a page (a query, the metrics) must let the
 * page answer even when the core hangs; a write an operator or an *arr client waits on (an import,
 * a forwarded webhook) commits a batch and may take longer on a busy NAS, and abandoning it early
 * would report a failure for data the core then stores.
 */
const CORE_TIMEOUTS = { readMs: 5_000, writeMs: 30_000 }

/** Larger than any core's metrics page (a few hundred KB): past it, the answer is not read on. */
const MAX_METRICS_BYTES = 8 * 1024 * 1024

/** The header the core's admin key travels in (issue 30.1). */
export const CORE_ADMIN_KEY_HEADER = 'x-core-admin-key'

/** GraphQL error codes by which the core refuses the dashboard itself, not the data of one request. */
const REFUSING_CODES = new Set(['unauthorized', 'forbidden'])

export interface CoreClientDeps {
  /** The core's GraphQL URL and metrics URL, read per request: both are overridable settings. */
  graphqlUrl: () => string
  metricsUrl: () => string
  /** The Torznab key the core currently takes (its /import and evidence intake need it when set). */
  torznabApiKey: () => string | undefined
  /** The core's admin key (CORE_ADMIN_KEY, or the one this process's core made): what only the dashboard may do needs it. */
  adminKey: () => string | undefined
  log: Logger
  /** CORE_TIMEOUTS unless a test needs them short. */
  timeouts?: { readMs: number; writeMs: number }
}

/** A GraphQL answer as the core sent it: the standard envelope. */
export interface GraphqlEnvelope {
  data?: unknown
  errors?: { message: string; extensions?: { code?: string } }[]
}

/**
 * The only way the dashboard reaches the core (DESIGN.md 5): GraphQL, metrics, the evidence intake
 * and the import, all over HTTP to URLs from settings, so the core may run on another host.
 * Anything but an answer (refused, timeout, 5xx, not JSON) is a CoreUnavailableError. The core's
 * keys (admin, Torznab) go to the GraphQL URL's origin only, never to another host; a metrics URL
 * elsewhere gets none.
 */
export function createCoreClient(deps: CoreClientDeps) {
  /** The core's base URL: the GraphQL URL without its /graphql path. */
  const coreUrl = (path: string) => new URL(path, deps.graphqlUrl().replace(/\/graphql\/?$/, '/')).toString()

  /**
   * The Torznab key the core currently takes, and the one before it: right after an operator
   * changes the key here, the core still holds the old one until it is told, so a refusal is
   * retried once with the previous key (and told with it).
   */
  let knownKey: { key: string | undefined } | null = null
  let previousKey: string | undefined
  const currentKey = () => {
    const key = deps.torznabApiKey()
    if (knownKey && key !== knownKey.key) previousKey = knownKey.key
    knownKey = { key }
    return key
  }
  const bearer = (key: string | undefined): Record<string, string> => (key ? { authorization: `Bearer ${key}` } : {})
  const admin = (): Record<string, string> => {
    const key = deps.adminKey()
    return key ? { [CORE_ADMIN_KEY_HEADER]: key } : {}
  }
  const isCoreOrigin = (url: string) => URL.parse(url)?.origin === URL.parse(deps.graphqlUrl())?.origin

  const timeouts = deps.timeouts ?? CORE_TIMEOUTS
  const send = async (url: string, init: RequestInit, timeoutMs = timeouts.readMs): Promise<Response> => {
    let response: Response
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' })
    } catch (err) {
      throw new CoreUnavailableError(`the core at ${new URL(url).origin} cannot be reached`, { cause: err })
    }
    if (response.status >= 500) {
      await response.body?.cancel()
      throw new CoreUnavailableError(`the core answered HTTP ${response.status}`)
    }
    return response
  }

  /**
   * One GraphQL request. Only a 2xx, or a 400 carrying GraphQL errors, is the core answering: a
   * 404 page or any other document means the URL points somewhere else (a wrong override).
   */
  const postGraphql = async (
    body: { query: string; variables?: unknown; operationName?: unknown },
    headers: Record<string, string> = {},
  ): Promise<GraphqlEnvelope> => {
    const response = await send(deps.graphqlUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
    })
    const notGraphql = () => new CoreUnavailableError(`${deps.graphqlUrl()} answered HTTP ${response.status}, not a GraphQL response`)
    if (!response.ok && response.status !== 400) {
      await response.body?.cancel()
      throw notGraphql()
    }
    let envelope: GraphqlEnvelope
    try {
      envelope = (await response.json()) as GraphqlEnvelope
    } catch (err) {
      throw new CoreUnavailableError(notGraphql().message, { cause: err })
    }
    if (!envelope || typeof envelope !== 'object' || (!('data' in envelope) && !Array.isArray(envelope.errors))) throw notGraphql()
    return envelope
  }

  const isRefusedKey = (envelope: GraphqlEnvelope) => envelope.errors?.some((error) => error.extensions?.code === 'unauthorized') === true

  return {
    /**
     * Runs one of the dashboard's own queries, with the admin key and the Torznab key; GraphQL
     * errors in the answer are a CoreRefusedError when the core refuses the dashboard's
     * credential, else a CoreQueryError.
     */
    async query<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
      let envelope = await postGraphql({ query, variables }, { ...bearer(currentKey()), ...admin() })
      if (isRefusedKey(envelope) && previousKey) envelope = await postGraphql({ query, variables }, { ...bearer(previousKey), ...admin() })
      if (envelope.errors?.length) {
        const messages = envelope.errors.map((error) => error.message)
        deps.log.warn('core query failed', { errors: messages })
        if (envelope.errors.some((error) => REFUSING_CODES.has(error.extensions?.code ?? '')))
          throw new CoreRefusedError(`the core refused the dashboard: ${messages.join('; ')} (does CORE_ADMIN_KEY match the core's?)`)
        throw new CoreQueryError(messages.join('; '))
      }
      return envelope.data as T
    },

    /**
     * Forwards an operator's GraphQL request (/api/graphql) and returns the core's envelope as is;
     * without the keys, so settings are changed through the dashboard's audited routes only.
     */
    forwardGraphql(body: { query: string; variables?: unknown; operationName?: unknown }): Promise<GraphqlEnvelope> {
      return postGraphql(body)
    },

    /**
     * The core's metrics page, only when it is Prometheus text (issue 30.4): whatever else the
     * metrics URL answers (a page, a file) is a CoreUnavailableError and is never passed on.
     */
    async metrics(): Promise<string> {
      const url = deps.metricsUrl()
      const response = await send(url, { headers: { accept: 'text/plain; version=0.0.4', ...(isCoreOrigin(url) ? admin() : {}) } })
      const notMetrics = (why: string) => new CoreUnavailableError(`${url} answered ${why}, not the core's metrics`)
      if (!response.ok) {
        await response.body?.cancel()
        throw notMetrics(`HTTP ${response.status}`)
      }
      if (!isPrometheusContentType(response.headers.get('content-type'))) {
        await response.body?.cancel()
        throw notMetrics(`${JSON.stringify(response.headers.get('content-type') ?? 'no content type').slice(0, 100)}`)
      }
      const text = await readAtMost(response, MAX_METRICS_BYTES)
      if (text === null) throw notMetrics(`more than ${MAX_METRICS_BYTES} bytes`)
      if (!isPrometheusText(text)) throw notMetrics('a document that is not Prometheus text')
      return text
    },

    /** Forwards a client's webhook to the core's intake (POST /evidence/arr/<instance>) and returns its answer. */
    async forwardEvidence(instance: string, body: string, contentType: string): Promise<{ status: number; body: string }> {
      const response = await send(
        coreUrl(`evidence/arr/${encodeURIComponent(instance)}`),
        {
          method: 'POST',
          headers: { 'content-type': contentType, ...bearer(currentKey()), ...admin() },
          body,
        },
        timeouts.writeMs,
      )
      return { status: response.status, body: await response.text() }
    },

    /** Imports JSON Lines torrents through the core's /import, so they are classified and searchable. */
    async importTorrents(lines: string): Promise<{ status: number; body: string }> {
      const response = await send(
        coreUrl('import'),
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-ndjson', ...bearer(currentKey()), ...admin() },
          body: lines,
        },
        timeouts.writeMs,
      )
      return { status: response.status, body: await response.text() }
    },
  }
}

export type CoreClient = ReturnType<typeof createCoreClient>

/** A body's text, or null once it passes `maxBytes` (the rest is not read). */
async function readAtMost(response: Response, maxBytes: number): Promise<string | null> {
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength
    if (size > maxBytes) {
      await response.body?.cancel()
      return null
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}
