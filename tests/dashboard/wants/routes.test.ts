import { afterAll, describe, expect, test } from 'bun:test'
import { openTestDashboard, sendJson } from '../../support/dashboard'

// The core is down: wants live in the dashboard's store and must work without it.
const dashboard = openTestDashboard()
afterAll(() => dashboard.close())

const dune = { title: 'Dune Part Two', content_type: 'movie', query: 'dune part two', priority: 'high', notes: '4K please' }

async function create(body: object = dune) {
  return dashboard.json('/api/wants', sendJson('POST', body))
}

describe('POST /api/wants', () => {
  test('creates an active want with a label priority and its value (201)', async () => {
    const { status, body } = await create()
    expect(status).toBe(201)
    expect(body).toMatchObject({ ...dune, priority: 'high', priority_value: 75, status: 'active' })
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(Date.parse(body.created_at)).not.toBeNaN()
    expect(body.updated_at).toBe(body.created_at)
  })

  test('takes an integer priority 0-100 and reads it back as its label', async () => {
    const { body } = await create({ ...dune, title: 'Low one', priority: 20 })
    expect(body).toMatchObject({ priority: 'low', priority_value: 20 })
    expect((await create({ ...dune, title: 'Mid', priority: 66 })).body.priority).toBe('medium')
  })

  test.each([
    ['title', { ...dune, title: undefined }],
    ['title', { ...dune, title: '' }],
    ['content_type', { ...dune, content_type: 'podcast' }],
    ['query', { ...dune, query: undefined }],
    ['priority', { ...dune, priority: 'urgent' }],
    ['priority', { ...dune, priority: 101 }],
    ['priority', { ...dune, priority: 2.5 }],
    ['notes', { ...dune, notes: 42 }],
  ])('a bad or missing %s is a 400 naming it', async (field, body) => {
    const answer = await create(body)
    expect(answer.status).toBe(400)
    expect(answer.body.error).toBe('bad_request')
    expect(answer.body.message).toContain(field)
  })

  test.each([
    ['title', { ...dune, title: 'Dune\u0000 Part Two' }],
    ['title', { ...dune, title: 'Dune\nPart Two' }],
    ['query', { ...dune, query: 'dune\u001b[31m' }],
    ['notes', { ...dune, notes: 'ring\u0007 the bell' }],
    ['notes', { ...dune, notes: 'C1\u0085control' }],
  ])('a %s holding a control character is a 400 naming it, and nothing is stored (issue 29.7)', async (field, body) => {
    const before = (await dashboard.json('/api/wants')).body.length
    const answer = await create(body)
    expect(answer).toEqual({
      status: 400,
      body: { error: 'bad_request', message: expect.stringContaining(`${field}: must not hold control characters`) },
    })
    expect((await dashboard.json('/api/wants')).body.length).toBe(before)
    const { body: created } = await create()
    const update = await dashboard.json(`/api/wants/${created.id}`, sendJson('PUT', { [field]: (body as Record<string, string>)[field] }))
    expect(update.status).toBe(400)
    expect((await dashboard.json(`/api/wants`)).body.find((want: { id: string }) => want.id === created.id)[field]).toBe(
      (dune as Record<string, string>)[field],
    )
  })

  test('notes keep their tabs and line breaks', async () => {
    const { status, body } = await create({ ...dune, notes: 'line one\n\tline two\r\n' })
    expect(status).toBe(201)
    expect(body.notes).toBe('line one\n\tline two\r\n')
  })

  test('a query without a word is a 400 naming query', async () => {
    const answer = await create({ ...dune, query: '  -- !! ' })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toContain('query')
  })

  test('a body that is not JSON is a 400', async () => {
    const response = await dashboard.request('/api/wants', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"title":',
    })
    expect(response.status).toBe(400)
    expect((await response.json()).error).toBe('bad_request')
  })
})

describe('PUT /api/wants/:id', () => {
  test('changes only the supplied fields and moves updated_at', async () => {
    // Not the first value of any enum: a field filled in by default would show.
    const { body: want } = await create({ ...dune, title: 'Partial', content_type: 'tv_show', priority: 'low' })
    await dashboard.json(`/api/wants/${want.id}`, sendJson('PUT', { status: 'paused' }))
    await Bun.sleep(5)
    const { status, body } = await dashboard.json(`/api/wants/${want.id}`, sendJson('PUT', { notes: 'any cut' }))
    expect(status).toBe(200)
    expect(body).toMatchObject({
      title: 'Partial',
      content_type: 'tv_show',
      query: dune.query,
      priority: 'low',
      notes: 'any cut',
      status: 'paused',
    })
    expect(body.updated_at > want.updated_at).toBe(true)
    const renamed = await dashboard.json(`/api/wants/${want.id}`, sendJson('PUT', { title: 'Renamed' }))
    expect(renamed.body).toMatchObject({ title: 'Renamed', content_type: 'tv_show', status: 'paused', notes: 'any cut' })
  })

  test('active and paused switch freely; fulfilled notifies and may be re-opened, not paused', async () => {
    const { body: want } = await create({ ...dune, title: 'Moves' })
    const move = (status: string) => dashboard.json(`/api/wants/${want.id}`, sendJson('PUT', { status }))
    expect((await move('paused')).body.status).toBe('paused')
    expect((await move('active')).body.status).toBe('active')
    expect((await move('fulfilled')).body.status).toBe('fulfilled')
    const notes = (await dashboard.json('/api/notifications')).body.items
    expect(notes.some((n: any) => n.type === 'want_fulfilled' && n.message.includes('Moves') && n.read === false)).toBe(true)
    const refused = await move('paused')
    expect(refused.status).toBe(400)
    expect(refused.body.message).toContain('status')
    expect((await move('active')).body.status).toBe('active')
  })

  test('a bad status is a 400; an unknown id a 404', async () => {
    const { body: want } = await create({ ...dune, title: 'Bad status' })
    const bad = await dashboard.json(`/api/wants/${want.id}`, sendJson('PUT', { status: 'done' }))
    expect(bad.status).toBe(400)
    expect(bad.body.message).toContain('status')
    const missing = await dashboard.json('/api/wants/no-such-want', sendJson('PUT', { status: 'paused' }))
    expect(missing).toEqual({ status: 404, body: { error: 'not_found', message: 'no want with id no-such-want' } })
  })
})

describe('GET and DELETE', () => {
  test('lists wants highest priority first; DELETE removes one for good (204, then 404)', async () => {
    const { body: top } = await create({ ...dune, title: 'Top', priority: 100 })
    const list = (await dashboard.json('/api/wants')).body as any[]
    expect(list[0].id).toBe(top.id)
    expect(list.map((w) => w.priority_value)).toEqual([...list.map((w) => w.priority_value)].sort((a, b) => b - a))
    const deleted = await dashboard.request(`/api/wants/${top.id}`, { method: 'DELETE' })
    expect(deleted.status).toBe(204)
    expect((await dashboard.request(`/api/wants/${top.id}`, { method: 'DELETE' })).status).toBe(404)
    expect(((await dashboard.json('/api/wants')).body as any[]).some((w) => w.id === top.id)).toBe(false)
  })
})

describe('notifications', () => {
  test('PUT /api/notifications/:id/read marks one read; an id naming none is a 404', async () => {
    const { body: want } = await create({ ...dune, title: 'Read me' })
    await dashboard.json(`/api/wants/${want.id}`, sendJson('PUT', { status: 'fulfilled' }))
    const note = (await dashboard.json('/api/notifications')).body.items.find((n: any) => n.message.includes('Read me'))
    const { status, body } = await dashboard.json(`/api/notifications/${note.id}/read`, { method: 'PUT' })
    expect(status).toBe(200)
    expect(body).toMatchObject({ id: note.id, type: 'want_fulfilled', read: true })
    expect((await dashboard.request('/api/notifications/999999/read', { method: 'PUT' })).status).toBe(404)
    for (const id of ['abc', '0', '1e3', 'x'.repeat(64)])
      expect((await dashboard.request(`/api/notifications/${id}/read`, { method: 'PUT' })).status).toBe(404)
  })
})

describe('the /wants form', () => {
  test('a title with a NUL is refused beside its field, and no want is stored', async () => {
    const before = (await dashboard.json('/api/wants')).body.length
    const answer = await dashboard.request('/wants', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        title: 'Null\u0000byte',
        content_type: 'movie',
        query: 'null byte',
        priority: 'low',
        notes: '',
      }).toString(),
    })
    expect(answer.status).toBe(400)
    const html = await answer.text()
    expect(html).toContain('Must not hold control characters')
    // What was typed is shown back with the character as a marker, never raw.
    expect(html).toContain('Null⟨U+0000⟩byte')
    expect(html).not.toContain('\u0000')
    expect((await dashboard.json('/api/wants')).body.length).toBe(before)
  })
})
