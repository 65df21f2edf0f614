import { describe, expect, test } from 'bun:test'
import { openTestDashboard } from '../../support/dashboard-app'

const notes = 'n'.repeat(2000)
const want = (index: number) => ({ title: `Want ${index}`, content_type: 'movie', query: `film ${index}`, priority: 'low', notes })

/** Caps the store at the pages it has now, as a full disk does: the next write that needs a page fails with SQLITE_FULL. */
function fillTheDisk(dashboard: ReturnType<typeof openTestDashboard>) {
  const { page_count } = dashboard.store.sqlite.query<{ page_count: number }, []>('PRAGMA page_count').get()!
  dashboard.store.sqlite.run(`PRAGMA max_page_count = ${page_count}`)
}

describe('a full disk (issue 30.8)', () => {
  test('an API write answers 507 disk_full saying so; what was stored stays readable', async () => {
    const dashboard = openTestDashboard()
    expect((await dashboard.request('/api/wants', { method: 'POST', json: want(0) })).status).toBe(201)
    fillTheDisk(dashboard)
    let answer: Awaited<ReturnType<typeof dashboard.request>> | undefined
    for (let index = 1; index < 100; index++) {
      answer = await dashboard.request('/api/wants', { method: 'POST', json: want(index) })
      if (answer.status !== 201) break
    }
    expect(answer?.status).toBe(507)
    expect(answer?.body).toEqual({ error: 'disk_full', message: expect.stringContaining('is full: nothing was saved') })
    const listed = await dashboard.request('/api/wants')
    expect(listed.status).toBe(200)
    expect(listed.body[0]).toMatchObject({ notes })
    expect(dashboard.store.sqlite.query('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' })
  })

  test('a setting change and a page form say it too: JSON for the API, a page for a browser', async () => {
    const dashboard = openTestDashboard()
    fillTheDisk(dashboard)
    const form = (index: number) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body: new URLSearchParams({ ...want(index), priority: 'low' }).toString(),
    })
    let page: Awaited<ReturnType<typeof dashboard.request>> | undefined
    for (let index = 0; index < 100; index++) {
      page = await dashboard.request('/wants', form(index))
      if (page.status !== 303) break
    }
    expect(page?.status).toBe(507)
    expect(page?.headers.get('content-type')).toStartWith('text/html')
    expect(page?.body).toContain('<h1>The disk is full</h1>')
    // Each change appends an audit row: the store fills up within a few.
    let setting: Awaited<ReturnType<typeof dashboard.request>> | undefined
    let value = false
    for (let index = 0; index < 500; index++) {
      setting = await dashboard.request('/api/settings/overrides/trust_forwarded_user', { method: 'PUT', json: { value: !value } })
      if (setting.status !== 200) break
      value = !value
    }
    expect(setting).toMatchObject({ status: 507, body: { error: 'disk_full' } })
    // The override and its audit row are one transaction: neither was kept.
    expect(dashboard.settings.value('trust_forwarded_user')).toBe(value)
  })

  test('a change the core took but the store could not keep is taken back from the core', async () => {
    const dashboard = openTestDashboard()
    fillTheDisk(dashboard)
    const levels = ['debug', 'warn']
    let answer: Awaited<ReturnType<typeof dashboard.request>> | undefined
    for (let index = 0; index < 500; index++) {
      answer = await dashboard.request('/api/settings/overrides/log_level', { method: 'PUT', json: { value: levels[index % 2] } })
      if (answer.status !== 200) break
    }
    expect(answer?.status).toBe(507)
    expect(dashboard.fakeCore!.applied.at(-1)).toEqual(dashboard.settings.coreOverrides())
  })
})
