import { describe, expect, test } from 'bun:test'
import { openTestDashboard } from '../../support/dashboard-app'

// The core is a stand-in: the resource lives in the dashboard's own store and needs no core.
const dashboard = openTestDashboard()
const PASSWORD = 'hunter2-correct-horse'
const home = {
  name: 'Home qBittorrent',
  kind: 'qbittorrent',
  url: 'http://192.168.1.20:8080',
  username: 'admin',
  password: PASSWORD,
  category: 'dht',
}

const create = (body: object) => dashboard.request('/api/download-clients', { method: 'POST', json: body })

describe('/api/download-clients', () => {
  test('creates a client (201), lists and reads it with the password masked', async () => {
    const created = await create(home)
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ ...home, url: 'http://192.168.1.20:8080/', password: '****orse' })
    expect(created.body.id).toMatch(/^[0-9a-f-]{36}$/)
    const listed = await dashboard.request('/api/download-clients')
    expect(listed.body.items.map((client: { name: string }) => client.name)).toContain(home.name)
    expect((await dashboard.request(`/api/download-clients/${created.body.id}`)).body.password).toBe('****orse')
  })

  test('a short password shows as **** only, and none as null', async () => {
    const short = await create({ ...home, name: 'Short', password: 'abc123' })
    expect(short.body.password).toBe('****')
    const open = await create({ name: 'Open', kind: 'transmission', url: 'http://nas:9091' })
    expect(open.body).toMatchObject({ username: null, password: null, category: null })
  })

  test.each([
    ['kind', { ...home, name: 'Deluge', kind: 'deluge' }],
    ['url', { ...home, name: 'Bad URL', url: 'not a url' }],
    ['url', { ...home, name: 'FTP', url: 'ftp://nas/' }],
    ['url', { ...home, name: 'Userinfo', url: 'http://admin:pw@nas:8080' }],
    ['name', { ...home, name: '' }],
    ['name', { ...home, name: '   ' }],
    ['name', { ...home, name: 'x'.repeat(101) }],
    ['url', { ...home, name: 'Huge', url: `http://nas/${'a'.repeat(5000)}` }],
    ['password', { ...home, name: 'Huge password', password: 'p'.repeat(10_000) }],
    ['category', { ...home, name: 'Comma', category: 'tv,movies' }],
    ['category', { ...home, name: 'Slash', category: '/tv' }],
    ['kind', { name: 'No kind', url: 'http://nas' }],
  ])('a bad %s is a 400 naming it, and nothing is stored', async (field, body) => {
    const before = (await dashboard.request('/api/download-clients')).body.items.length
    const answer = await create(body)
    expect(answer.status).toBe(400)
    expect(answer.body.error).toBe('bad_request')
    expect(answer.body.message).toContain(field)
    expect((await dashboard.request('/api/download-clients')).body.items).toHaveLength(before)
  })

  test('a name another client has (in any case) is a 400 naming name', async () => {
    const answer = await create({ ...home, name: 'HOME QBITTORRENT' })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toStartWith('name:')
  })

  test('PUT changes only what is sent; the masked password sent back keeps the stored one', async () => {
    const { body: client } = await create({ ...home, name: 'Editable' })
    const renamed = await dashboard.request(`/api/download-clients/${client.id}`, {
      method: 'PUT',
      json: { ...client, name: 'Edited', category: '' },
    })
    expect(renamed.status).toBe(200)
    expect(renamed.body).toMatchObject({ name: 'Edited', kind: 'qbittorrent', category: null, password: '****orse' })
    const row = dashboard.store.sqlite
      .query<{ password: string }, [string]>('SELECT password FROM download_clients WHERE id = ?')
      .get(client.id)
    expect(row?.password).toBe(PASSWORD)
    const cleared = await dashboard.request(`/api/download-clients/${client.id}`, { method: 'PUT', json: { password: null } })
    expect(cleared.body.password).toBeNull()
  })

  test('an unknown id is a 404 for read, change, delete, test and send', async () => {
    const missing = '00000000-0000-0000-0000-000000000000'
    expect((await dashboard.request(`/api/download-clients/${missing}`)).status).toBe(404)
    expect((await dashboard.request(`/api/download-clients/${missing}`, { method: 'PUT', json: { name: 'x' } })).status).toBe(404)
    expect((await dashboard.request(`/api/download-clients/${missing}`, { method: 'DELETE' })).status).toBe(404)
    expect((await dashboard.request(`/api/download-clients/${missing}/test`, { method: 'POST' })).status).toBe(404)
    const send = await dashboard.request(`/api/torrents/${'a'.repeat(40)}/send`, { method: 'POST', json: { client_id: missing } })
    expect(send.status).toBe(404)
    expect(send.body.error).toBe('not_found')
  })

  test('send takes a 40-hex info hash and a client_id, else 400 naming them', async () => {
    const { body: client } = await create({ ...home, name: 'Sender' })
    const badHash = await dashboard.request('/api/torrents/xyz/send', { method: 'POST', json: { client_id: client.id } })
    expect(badHash.status).toBe(400)
    expect(badHash.body.message).toContain('info_hash')
    const noClient = await dashboard.request(`/api/torrents/${'a'.repeat(40)}/send`, { method: 'POST', json: {} })
    expect(noClient.status).toBe(400)
    expect(noClient.body.message).toContain('client_id')
  })

  test('DELETE removes it (204)', async () => {
    const { body: client } = await create({ ...home, name: 'Gone soon' })
    expect((await dashboard.request(`/api/download-clients/${client.id}`, { method: 'DELETE' })).status).toBe(204)
    expect((await dashboard.request(`/api/download-clients/${client.id}`)).status).toBe(404)
  })

  test('every change is an audit row naming the client, the password masked there too, and it is in no answer or log line', async () => {
    const { items } = (await dashboard.request('/api/audit?limit=1000')).body as { items: { key: string; action: string; kind: string }[] }
    const actions = items.filter((entry) => entry.key.startsWith('download_client:')).map((entry) => `${entry.action} ${entry.key}`)
    expect(actions).toContain('download_client_added download_client:Home qBittorrent')
    expect(actions).toContain('download_client_changed download_client:Edited')
    expect(actions).toContain('download_client_removed download_client:Gone soon')
    expect(items.find((entry) => entry.key === 'download_client:Home qBittorrent')?.kind).toBe('setting')
    const everything =
      JSON.stringify(items) + JSON.stringify((await dashboard.request('/api/download-clients')).body) + dashboard.logLines.join('\n')
    expect(everything).not.toContain(PASSWORD)
    expect(everything).not.toContain('abc123')
  })
})
