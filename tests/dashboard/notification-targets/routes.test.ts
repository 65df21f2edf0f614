import { describe, expect, test } from 'bun:test'
import { openTestDashboard } from '../../support/dashboard-app'

const dashboard = openTestDashboard()
const NTFY_TOKEN = 'tk_7eevizlsiwf9yi4uxsrs83r4352o0'
const DISCORD_TOKEN = 'R4nd0mW3bh00kT0k3n-abcdefghijklmnopqrstuvwxyz0123456789_ABCDEFGHIJKL'
const phone = {
  name: 'Phone',
  kind: 'ntfy',
  url: 'https://ntfy.example/dht-grabs',
  token: NTFY_TOKEN,
  events: ['want_fulfilled', 'crawler_warning'],
}
const discordUrl = `https://discord.com/api/webhooks/112233445566778899/${DISCORD_TOKEN}`

const create = (body: object) => dashboard.request('/api/notification-targets', { method: 'POST', json: body })

describe('/api/notification-targets', () => {
  test('creates a target (201) with the token masked, and lists it', async () => {
    const created = await create(phone)
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ ...phone, token: '****52o0', last_delivered_at: null, last_failure: null })
    expect((await dashboard.request('/api/notification-targets')).body.items).toHaveLength(1)
  })

  test('a Discord webhook URL is shown with its token masked', async () => {
    const created = await create({ name: 'Discord', kind: 'discord', url: discordUrl, events: ['want_fulfilled'] })
    expect(created.status).toBe(201)
    expect(created.body.url).toBe('https://discord.com/api/webhooks/112233445566778899/****IJKL')
    expect(created.body.token).toBeNull()
  })

  test.each([
    ['kind', { ...phone, name: 'Slack', kind: 'slack' }],
    ['url', { ...phone, name: 'No scheme', url: 'ntfy.sh/topic' }],
    ['url', { ...phone, name: 'JS', url: 'javascript:alert(1)' }],
    ['url', { ...phone, name: 'No topic', url: 'https://ntfy.sh/' }],
    ['url', { ...phone, name: 'Not Discord', kind: 'discord', url: 'https://discord.com/channels/1/2' }],
    ['url', { ...phone, name: 'Userinfo', kind: 'gotify', url: 'https://user:pw@gotify.example' }],
    ['events', { ...phone, name: 'Unknown event', events: ['torrent_added'] }],
    ['events', { ...phone, name: 'No events', events: [] }],
    ['events', { ...phone, name: 'Twice', events: ['want_fulfilled', 'want_fulfilled'] }],
    ['events', { ...phone, name: 'Missing events', events: undefined }],
    ['name', { ...phone, name: 'n'.repeat(10_000) }],
    ['token', { ...phone, name: 'Huge token', token: 't'.repeat(100_000) }],
    ['name', { ...phone, name: 'PHONE' }],
  ])('a bad %s is a 400 naming it, and nothing is stored', async (field, body) => {
    const before = (await dashboard.request('/api/notification-targets')).body.items.length
    const answer = await create(body)
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ error: 'bad_request' })
    expect(answer.body.message).toContain(field)
    expect((await dashboard.request('/api/notification-targets')).body.items).toHaveLength(before)
  })

  test('PUT changes what is sent; the masked token and URL sent back keep the stored ones', async () => {
    const { body: target } = await create({ name: 'Editable', kind: 'discord', url: discordUrl, events: ['want_fulfilled'] })
    const answer = await dashboard.request(`/api/notification-targets/${target.id}`, {
      method: 'PUT',
      json: { ...target, name: 'Edited', events: ['crawler_warning'] },
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ name: 'Edited', events: ['crawler_warning'], url: target.url })
    const stored = dashboard.store.sqlite
      .query<{ url: string }, [string]>('SELECT url FROM notification_targets WHERE id = ?')
      .get(target.id)
    expect(stored?.url).toBe(discordUrl)
  })

  test('a change of kind checks the address again', async () => {
    const { body: target } = await create({
      name: 'Webhook',
      kind: 'webhook',
      url: 'https://hooks.example/notify',
      events: ['want_fulfilled'],
    })
    const answer = await dashboard.request(`/api/notification-targets/${target.id}`, { method: 'PUT', json: { kind: 'discord' } })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toStartWith('url:')
  })

  test('an unknown id is a 404 for read, change, delete and test', async () => {
    const missing = '00000000-0000-0000-0000-000000000000'
    for (const [method, path] of [
      ['GET', ''],
      ['PUT', ''],
      ['DELETE', ''],
      ['POST', '/test'],
    ] as const) {
      const answer = await dashboard.request(`/api/notification-targets/${missing}${path}`, {
        method,
        json: method === 'PUT' ? { name: 'x' } : undefined,
      })
      expect({ method, path, status: answer.status, error: answer.body.error }).toEqual({ method, path, status: 404, error: 'not_found' })
    }
  })

  test('DELETE removes it (204); every change is a setting audit row, secrets masked, and no secret is in an answer or log line', async () => {
    const { body: target } = await create({
      name: 'Short-lived',
      kind: 'gotify',
      url: 'https://gotify.example',
      token: 'AbCdEfGhIjKlMnO',
      events: ['crawler_warning'],
    })
    expect((await dashboard.request(`/api/notification-targets/${target.id}`, { method: 'DELETE' })).status).toBe(204)
    const audit = (await dashboard.request('/api/audit?limit=1000')).body.items as { kind: string; key: string; action: string }[]
    const rows = audit.filter((entry) => entry.key.startsWith('notification_target:'))
    expect(rows.map((entry) => `${entry.kind} ${entry.action} ${entry.key}`)).toEqual(
      expect.arrayContaining([
        'setting notification_target_added notification_target:Phone',
        'setting notification_target_changed notification_target:Edited',
        'setting notification_target_removed notification_target:Short-lived',
      ]),
    )
    const everything =
      JSON.stringify(audit) + JSON.stringify((await dashboard.request('/api/notification-targets')).body) + dashboard.logLines.join('\n')
    for (const secret of [NTFY_TOKEN, DISCORD_TOKEN, 'AbCdEfGhIjKlMnO']) expect(everything).not.toContain(secret)
  })
})
