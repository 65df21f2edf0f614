/**
 * Small loopback servers speaking the real APIs of the notification receivers (issue 33), with
 * their documented errors: ntfy's publish (server/errors.go: `{code, http, error, link}`, a
 * 4096-byte message limit that a server without an attachment cache answers with 40014), Gotify's `POST /message` (`{error, errorCode, errorDescription}`), Discord's
 * Execute Webhook (its embed limits, `Invalid Form Body` 50035, `Unknown Webhook` 10015) and a
 * generic webhook. Each records what it took; `failNext(n, status)` makes it answer the next n
 * requests with `status` first (a receiver that is down for a while).
 */
import { afterAll } from 'bun:test'

export interface Receiver<T> {
  url: string
  received: T[]
  /** Every request, taken or not, with its headers: for checking what was sent. */
  requests: { path: string; headers: Headers; body: string }[]
  failNext(count: number, status?: number): void
  stop(): void
}

function startReceiver<T>(handle: (request: Request, body: string, received: T[]) => Response): Receiver<T> {
  const received: T[] = []
  const requests: Receiver<T>['requests'] = []
  let failures = { count: 0, status: 503 }
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const body = await request.text()
      requests.push({ path: new URL(request.url).pathname + new URL(request.url).search, headers: request.headers, body })
      if (failures.count > 0) {
        failures.count--
        return new Response('<html><body><h1>503 Service Unavailable</h1></body></html>', { status: failures.status })
      }
      return handle(request, body, received)
    },
  })
  afterAll(() => server.stop(true))
  return {
    url: `http://127.0.0.1:${server.port}`,
    received,
    requests,
    failNext(count, status = 503) {
      failures = { count, status }
    },
    stop: () => server.stop(true),
  }
}

export interface NtfyMessage {
  topic: string
  title: string
  message: string
  priority: number
  tags: string[]
}

const ntfyError = (code: number, http: number, error: string, link = '') =>
  Response.json({ code, http, error, ...(link ? { link } : {}) }, { status: http })

/** ntfy with `token` as the only access token (no token: the topic is open). Messages over 4096 bytes are refused, as without an attachment cache. */
export function startFakeNtfy(options: { token?: string } = {}): Receiver<NtfyMessage> {
  return startReceiver<NtfyMessage>((request, body, received) => {
    if (request.method !== 'POST' && request.method !== 'PUT') return ntfyError(40401, 404, 'page not found')
    const topic = new URL(request.url).pathname.slice(1)
    if (!/^[-_A-Za-z0-9]{1,64}$/.test(topic)) return ntfyError(40009, 400, 'invalid request: topic invalid')
    if (options.token && request.headers.get('authorization') !== `Bearer ${options.token}`)
      return ntfyError(40101, 401, 'unauthorized', 'https://ntfy.sh/docs/publish/#authentication')
    if (Buffer.byteLength(body) > 4096)
      return ntfyError(40014, 400, 'invalid request: attachments not allowed', 'https://ntfy.sh/docs/config/#attachments')
    const priority = Number(request.headers.get('priority') ?? '3')
    if (!Number.isInteger(priority) || priority < 1 || priority > 5)
      return ntfyError(40007, 400, 'invalid priority parameter', 'https://ntfy.sh/docs/publish/#message-priority')
    const message: NtfyMessage = {
      topic,
      title: request.headers.get('title') ?? '',
      message: body,
      priority,
      tags: (request.headers.get('tags') ?? '').split(',').filter(Boolean),
    }
    received.push(message)
    return Response.json({ id: `m${received.length}`, time: Math.floor(Date.now() / 1000), event: 'message', ...message })
  })
}

export interface GotifyMessage {
  title: string
  message: string
  priority: number
  extras?: Record<string, unknown>
}

const gotifyError = (status: number, error: string, errorDescription: string) =>
  Response.json({ error, errorCode: status, errorDescription }, { status })

/** Gotify with one application whose token is `appToken`. */
export function startFakeGotify(options: { appToken: string }): Receiver<GotifyMessage> {
  return startReceiver<GotifyMessage>((request, body, received) => {
    if (new URL(request.url).pathname !== '/message' || request.method !== 'POST') return gotifyError(404, 'Not Found', 'page not found')
    const token =
      new URL(request.url).searchParams.get('token') ??
      request.headers.get('x-gotify-key') ??
      request.headers.get('authorization')?.replace(/^Bearer /i, '')
    if (token !== options.appToken)
      return gotifyError(401, 'Unauthorized', 'you need to provide a valid access token or user credentials to access this api')
    let message: GotifyMessage
    try {
      message = JSON.parse(body) as GotifyMessage
    } catch {
      return gotifyError(400, 'Bad Request', 'invalid character in JSON')
    }
    if (typeof message.message !== 'string' || message.message === '') return gotifyError(400, 'Bad Request', "Field 'message' is required")
    received.push(message)
    return Response.json({ id: received.length, appid: 1, ...message, date: new Date().toISOString() })
  })
}

export interface DiscordEmbed {
  title?: string
  description?: string
  color?: number
  timestamp?: string
  footer?: { text: string }
}

export interface DiscordMessage {
  username?: string
  content?: string
  embeds?: DiscordEmbed[]
  allowed_mentions?: { parse: string[] }
}

/** Discord's "Must be N or fewer in length." for the first field over its limit, as Invalid Form Body lists it. */
function discordFormErrors(message: DiscordMessage): Record<string, unknown> | null {
  const tooLong = (max: number) => ({ _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${max} or fewer in length.` }] })
  if (message.content !== undefined && message.content.length > 2000) return { content: tooLong(2000) }
  if ((message.embeds?.length ?? 0) > 10) return { embeds: tooLong(10) }
  let total = 0
  for (const [index, embed] of (message.embeds ?? []).entries()) {
    if ((embed.title?.length ?? 0) > 256) return { embeds: { [index]: { title: tooLong(256) } } }
    if ((embed.description?.length ?? 0) > 4096) return { embeds: { [index]: { description: tooLong(4096) } } }
    if ((embed.footer?.text.length ?? 0) > 2048) return { embeds: { [index]: { footer: { text: tooLong(2048) } } } }
    total += (embed.title?.length ?? 0) + (embed.description?.length ?? 0) + (embed.footer?.text.length ?? 0)
  }
  if (total > 6000)
    return { embeds: { _errors: [{ code: 'MAX_EMBED_SIZE_EXCEEDED', message: 'Embed size exceeds maximum size of 6000' }] } }
  return null
}

/** One Discord webhook, `/api/webhooks/{id}/{token}`. */
export function startFakeDiscord(options: { id: string; token: string }): Receiver<DiscordMessage> & { webhookUrl: string } {
  const receiver = startReceiver<DiscordMessage>((request, body, received) => {
    const match = /^\/api\/(?:v\d+\/)?webhooks\/(\d+)\/([\w-]+)$/.exec(new URL(request.url).pathname)
    if (!match || request.method !== 'POST') return Response.json({ message: '404: Not Found', code: 0 }, { status: 404 })
    if (match[1] !== options.id) return Response.json({ message: 'Unknown Webhook', code: 10015 }, { status: 404 })
    if (match[2] !== options.token) return Response.json({ message: 'Invalid Webhook Token', code: 50027 }, { status: 401 })
    let message: DiscordMessage
    try {
      message = JSON.parse(body) as DiscordMessage
    } catch {
      return Response.json({ message: 'The request body contains invalid JSON.', code: 50109 }, { status: 400 })
    }
    if (!message.content && !message.embeds?.length)
      return Response.json({ message: 'Cannot send an empty message', code: 50006 }, { status: 400 })
    const errors = discordFormErrors(message)
    if (errors) return Response.json({ message: 'Invalid Form Body', code: 50035, errors }, { status: 400 })
    received.push(message)
    if (new URL(request.url).searchParams.get('wait') !== 'true') return new Response(null, { status: 204 })
    return Response.json({
      id: String(received.length),
      type: 0,
      content: message.content ?? '',
      embeds: message.embeds ?? [],
      webhook_id: options.id,
    })
  })
  return { ...receiver, webhookUrl: `${receiver.url}/api/webhooks/${options.id}/${options.token}` }
}

/** A generic webhook: takes any JSON POST with 200. */
export function startFakeWebhook(): Receiver<Record<string, unknown>> {
  return startReceiver<Record<string, unknown>>((_request, body, received) => {
    received.push(JSON.parse(body) as Record<string, unknown>)
    return new Response('ok')
  })
}

/** Waits until `check` holds (a delivery runs beside the request that caused it), failing after `timeoutMs`. */
export async function eventually(check: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs / 1000} s: ${what}`)
    await Bun.sleep(20)
  }
}
