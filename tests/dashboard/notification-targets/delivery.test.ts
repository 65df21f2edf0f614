import { beforeAll, describe, expect, test } from 'bun:test'
import { RETRY_BACKOFF_MS } from '../../../src/dashboard/notification-targets/delivery'
import { DELIVERY_TIMEOUT_MS } from '../../../src/dashboard/notification-targets/service'
import { openTestDashboard } from '../../support/dashboard-app'
import { eventually, startFakeDiscord, startFakeGotify, startFakeNtfy, startFakeWebhook } from '../../support/notification-receivers'

// Short waits between retries: the retry schedule is the same, only faster.
const dashboard = openTestDashboard({ deliveryBackoffMs: [20, 40, 80] })

const NTFY_TOKEN = 'tk_ntfytoken0123456789abcdefghij'
const GOTIFY_TOKEN = 'AgotifyAppTok3n'
const DISCORD_TOKEN = 'discordWebhookToken-0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQR'
const WEBHOOK_TOKEN = 'webhook-bearer-token-0123456789'
const SECRETS = [NTFY_TOKEN, GOTIFY_TOKEN, DISCORD_TOKEN, WEBHOOK_TOKEN]

const ntfy = startFakeNtfy({ token: NTFY_TOKEN })
const gotify = startFakeGotify({ appToken: GOTIFY_TOKEN })
const discord = startFakeDiscord({ id: '998877665544332211', token: DISCORD_TOKEN })
const webhook = startFakeWebhook()

interface Target {
  id: string
  name: string
  last_delivered_at: string | null
  last_failure: { at: string; message: string } | null
}

const addTarget = async (body: object): Promise<Target> => {
  const answer = await dashboard.request('/api/notification-targets', { method: 'POST', json: body })
  expect(answer.status).toBe(201)
  return answer.body
}
const target = async (id: string): Promise<Target> => (await dashboard.request(`/api/notification-targets/${id}`)).body
const audit = async () =>
  (await dashboard.request('/api/audit?limit=1000')).body.items as {
    kind: string
    key: string
    action: string
    new_value: any
    changed_by: string
  }[]

/** A notification as the dashboard creates one: through a want the operator marks fulfilled. */
async function fulfilWant(title: string) {
  const want = await dashboard.request('/api/wants', {
    method: 'POST',
    json: { title, content_type: 'movie', query: title, priority: 'high' },
  })
  await dashboard.request(`/api/wants/${want.body.id}`, { method: 'PUT', json: { status: 'fulfilled' } })
}

/** A notification published as the notification service publishes one, with any text. */
function notify(message: string, type = 'crawler_warning') {
  dashboard.events.publish({
    type: 'notification',
    data: { id: String(Date.now()), type, message, read: false, created_at: new Date().toISOString() },
  })
}

let targets: Record<'ntfy' | 'gotify' | 'discord' | 'webhook', Target>
beforeAll(async () => {
  targets = {
    ntfy: await addTarget({
      name: 'Phone',
      kind: 'ntfy',
      url: `${ntfy.url}/dht-grabs`,
      token: NTFY_TOKEN,
      events: ['want_fulfilled', 'crawler_warning'],
    }),
    gotify: await addTarget({
      name: 'Gotify',
      kind: 'gotify',
      url: gotify.url,
      token: GOTIFY_TOKEN,
      events: ['want_fulfilled', 'crawler_warning'],
    }),
    discord: await addTarget({ name: 'Discord', kind: 'discord', url: discord.webhookUrl, events: ['want_fulfilled', 'crawler_warning'] }),
    webhook: await addTarget({
      name: 'Hook',
      kind: 'webhook',
      url: `${webhook.url}/hooks/dht`,
      token: WEBHOOK_TOKEN,
      events: ['want_fulfilled', 'crawler_warning'],
    }),
  }
})

describe('delivery of notifications', () => {
  test('the retry schedule ends within 30 s of the notification: three retries, four attempts of at most 5 s', () => {
    expect(RETRY_BACKOFF_MS).toHaveLength(3)
    expect(RETRY_BACKOFF_MS.reduce((sum, ms) => sum + ms, 0) + 4 * DELIVERY_TIMEOUT_MS).toBeLessThanOrEqual(30_000)
  })

  test('a fulfilled want reaches every subscribed target in its own API shape', async () => {
    const started = Date.now()
    await fulfilWant('Dune Part Two')
    await eventually(
      () => ntfy.received.length > 0 && gotify.received.length > 0 && discord.received.length > 0 && webhook.received.length > 0,
      'all four receivers',
    )
    expect(Date.now() - started).toBeLessThan(30_000)
    expect(ntfy.received[0]).toEqual({
      topic: 'dht-grabs',
      title: 'dht-indexer: Want fulfilled',
      message: 'Want "Dune Part Two" fulfilled',
      priority: 4,
      tags: ['tada', 'dht-indexer'],
    })
    expect(ntfy.requests[0]!.headers.get('authorization')).toBe(`Bearer ${NTFY_TOKEN}`)
    expect(gotify.received[0]).toEqual({
      title: 'dht-indexer: Want fulfilled',
      message: 'Want "Dune Part Two" fulfilled',
      priority: 5,
      extras: { 'client::display': { contentType: 'text/plain' } },
    })
    expect(gotify.requests[0]!.headers.get('x-gotify-key')).toBe(GOTIFY_TOKEN)
    expect(discord.received[0]).toMatchObject({
      username: 'dht-indexer',
      embeds: [{ title: 'dht-indexer: Want fulfilled', description: 'Want "Dune Part Two" fulfilled', footer: { text: 'want_fulfilled' } }],
      allowed_mentions: { parse: [] },
    })
    expect(discord.requests[0]!.path).toEndWith('?wait=true')
    expect(webhook.received[0]).toMatchObject({ type: 'want_fulfilled', message: 'Want "Dune Part Two" fulfilled', source: 'dht-indexer' })
    expect(Date.parse(webhook.received[0]!.created_at as string)).not.toBeNaN()
    expect(webhook.requests[0]!.headers.get('authorization')).toBe(`Bearer ${WEBHOOK_TOKEN}`)
    await dashboard.delivery.idle()
    for (const { id } of Object.values(targets)) expect((await target(id)).last_delivered_at).not.toBeNull()
  })

  test('a target not subscribed to a type gets none of it', async () => {
    const quiet = startFakeWebhook()
    await addTarget({ name: 'Only warnings', kind: 'webhook', url: quiet.url, events: ['crawler_warning'] })
    await fulfilWant('Oppenheimer')
    await dashboard.delivery.idle()
    expect(quiet.received).toEqual([])
    notify('No DHT response for 5 minutes')
    await eventually(() => quiet.received.length === 1, 'the warning')
  })

  test('a receiver that fails twice gets it on the third attempt, with no failure recorded', async () => {
    const flaky = startFakeWebhook()
    const { id } = await addTarget({ name: 'Flaky', kind: 'webhook', url: flaky.url, events: ['crawler_warning'] })
    flaky.failNext(2, 503)
    notify('Disk low')
    await eventually(() => flaky.received.length === 1, 'the third attempt')
    expect(flaky.requests).toHaveLength(3)
    await dashboard.delivery.idle()
    expect((await target(id)).last_failure).toBeNull()
    expect((await audit()).filter((row) => row.key === 'notification_target:Flaky' && row.kind === 'health')).toEqual([])
  })

  test('a receiver that is down: 3 retries, then an audit row and the failure on the target', async () => {
    const { id } = await addTarget({ name: 'Down', kind: 'webhook', url: 'http://127.0.0.1:9/hook', events: ['crawler_warning'] })
    notify('Bind failure on UDP 4413')
    await dashboard.delivery.idle()
    const shown = await target(id)
    expect(shown.last_failure?.message).toBe('Webhook cannot be reached: could not connect')
    const [row] = (await audit()).filter((entry) => entry.key === 'notification_target:Down')
    expect(row).toMatchObject({ kind: 'health', action: 'delivery_failed', changed_by: 'dashboard' })
    expect(row!.new_value).toEqual({ type: 'crawler_warning', attempts: 4, error: 'Webhook cannot be reached: could not connect' })
    expect(dashboard.logLines.some((line) => line.includes('notification delivery failed') && line.includes(id))).toBe(true)
  })

  test('a refused token is not retried: one attempt, the receiver’s own reason kept', async () => {
    const strict = startFakeGotify({ appToken: 'TheRightTokenXyz' })
    const { id } = await addTarget({
      name: 'Wrong token',
      kind: 'gotify',
      url: strict.url,
      token: 'TheWrongTokenXyz',
      events: ['crawler_warning'],
    })
    notify('Crawler warning for the strict one')
    await dashboard.delivery.idle()
    expect(strict.requests).toHaveLength(1)
    expect((await target(id)).last_failure?.message).toBe(
      'Gotify answered HTTP 401: you need to provide a valid access token or user credentials to access this api',
    )
  })

  test('a receiver answering a huge error leaves a short reason on the target', async () => {
    const loud = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: () => Response.json({ error: 'x'.repeat(20_000), code: 40000, http: 400 }, { status: 400 }),
    })
    try {
      const { id } = await addTarget({
        name: 'Loud',
        kind: 'ntfy',
        url: `http://127.0.0.1:${loud.port}/topic`,
        events: ['crawler_warning'],
      })
      notify('Crawler warning for the loud one')
      await dashboard.delivery.idle()
      const message = (await target(id)).last_failure!.message
      expect(message).toStartWith('ntfy answered HTTP 400: xxx')
      expect(message.length).toBeLessThan(400)
    } finally {
      loud.stop(true)
    }
  })

  test('a huge message is cut to each receiver’s limit and still delivered', async () => {
    for (const receiver of [ntfy, gotify, discord, webhook]) receiver.received.length = 0
    const huge = `${'Huge.Release.Name.😀.'.repeat(5_000)}END`
    notify(huge)
    await eventually(
      () => ntfy.received.length > 0 && gotify.received.length > 0 && discord.received.length > 0 && webhook.received.length > 0,
      'the huge one everywhere',
    )
    expect(Buffer.byteLength(ntfy.received[0]!.message)).toBeLessThanOrEqual(4096)
    expect(ntfy.received[0]!.message).toEndWith('…')
    expect(ntfy.received[0]!.message.isWellFormed()).toBe(true)
    const description = discord.received[0]!.embeds![0]!.description!
    expect(description.length).toBeLessThanOrEqual(4096)
    expect(description.isWellFormed()).toBe(true)
    expect(gotify.received[0]!.message.length).toBeLessThanOrEqual(16_000)
    expect(webhook.received[0]!.message).toBe(huge)
  })

  test('an @everyone in a name pings no one on Discord', async () => {
    discord.received.length = 0
    notify('Release by @everyone and <@123>')
    await eventually(() => discord.received.length === 1, 'the mention')
    expect(discord.received[0]!.allowed_mentions).toEqual({ parse: [] })
  })
})

describe('POST /api/notification-targets/{id}/test', () => {
  test('sends a test notice now and answers 200', async () => {
    ntfy.received.length = 0
    const answer = await dashboard.request(`/api/notification-targets/${targets.ntfy.id}/test`, { method: 'POST' })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ delivered: true })
    expect(ntfy.received).toHaveLength(1)
    expect(ntfy.received[0]).toMatchObject({
      title: 'dht-indexer: Test notification',
      message: 'If you can read this, notifications reach you through "Phone".',
    })
  })

  test.each([
    [
      'ntfy with a wrong token',
      () => ({ kind: 'ntfy', url: `${ntfy.url}/dht-grabs`, token: 'tk_wrongwrongwrongwrongwrong1' }),
      'ntfy answered HTTP 401: unauthorized (40101)',
    ],
    [
      'Gotify with a wrong token',
      () => ({ kind: 'gotify', url: gotify.url, token: 'WrongGotifyTok' }),
      'Gotify answered HTTP 401: you need to provide a valid access token or user credentials to access this api',
    ],
    [
      'Discord with a wrong webhook token',
      () => ({ kind: 'discord', url: `${discord.url}/api/webhooks/998877665544332211/notTheRightTokenAtAllButLongEnough` }),
      'Discord answered HTTP 401: Invalid Webhook Token (50027)',
    ],
    ['a receiver that is down', () => ({ kind: 'ntfy', url: 'http://127.0.0.1:9/topic' }), 'ntfy cannot be reached: could not connect'],
  ])('%s is a 502 with the receiver’s reason, and no secret in it', async (name, shape, reason) => {
    const { id } = await addTarget({ name: `Test ${name}`, events: ['want_fulfilled'], ...shape() })
    const answer = await dashboard.request(`/api/notification-targets/${id}/test`, { method: 'POST' })
    expect(answer.status).toBe(502)
    expect(answer.body).toEqual({ error: 'notification_target_failed', message: reason })
  })
})

test('no token or webhook secret is in any answer, audit row or log line', async () => {
  const answers = [
    JSON.stringify((await dashboard.request('/api/notification-targets')).body),
    JSON.stringify(await audit()),
    dashboard.logLines.join('\n'),
  ].join('\n')
  for (const secret of [
    ...SECRETS,
    'tk_wrongwrongwrongwrongwrong1',
    'WrongGotifyTok',
    'notTheRightTokenAtAllButLongEnough',
    'TheWrongTokenXyz',
  ])
    expect(answers).not.toContain(secret)
})
