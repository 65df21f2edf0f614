import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { DEMO_RELEASES } from '../../../src/dashboard/demo/demo-releases'
import type { Want } from '../../../src/dashboard/wants/model'
import { expectNoHorizontalOverflow, htmxSettled, openPage, screenshot } from '../../support/browser'
import { openTestDashboard, sendJson, startWholeService } from '../../support/dashboard'

let service: Awaited<ReturnType<typeof startWholeService>>
beforeAll(async () => {
  service = await startWholeService()
  await fetch(
    `${service.dashboardUrl}/api/wants`,
    sendJson('POST', { title: 'Severance', content_type: 'tv_show', query: 'severance', priority: 'low' }),
  )
})
afterAll(() => service?.child.kill())

const wants = async () => (await (await fetch(`${service.dashboardUrl}/api/wants`)).json()) as Want[]

describe('/wants in a browser', () => {
  test('a want created through the form is in the API, and a bad field is explained beside it', async () => {
    const { page, errors, foreignRequests } = await openPage(service.dashboardUrl)
    await page.goto(`${service.dashboardUrl}/wants`)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Wants')
    await page.evaluate('window.__noReload = true')
    const form = page.locator('#want-form')
    // A query without a word: refused, the message beside the Query field, what was typed kept.
    await form.getByLabel('Title').fill('Arrival')
    await form.getByLabel('Query').fill('!!!')
    await form.getByRole('button', { name: 'Add want' }).click()
    await form.getByText('Use at least one word (letters or digits).').waitFor()
    expect(await form.getByLabel('Query').getAttribute('aria-invalid')).toBe('true')
    expect(await form.getByLabel('Title').inputValue()).toBe('Arrival')
    await screenshot(page, 'wants-error')
    await form.getByLabel('Query').fill('arrival 2016')
    await form.getByLabel('Content type').selectOption({ label: 'Movie' })
    await form.getByLabel('Priority').selectOption({ label: 'High' })
    await form.getByLabel('Notes').fill('The 2160p one')
    await form.getByRole('button', { name: 'Add want' }).click()
    await page.getByRole('row', { name: /Arrival/ }).waitFor()
    expect(await page.evaluate('window.__noReload')).toBe(true)
    const arrival = (await wants()).find((want) => want.title === 'Arrival')!
    expect(arrival).toMatchObject({
      content_type: 'movie',
      query: 'arrival 2016',
      priority: 'high',
      status: 'active',
      notes: 'The 2160p one',
    })
    expect(await form.getByLabel('Title').inputValue()).toBe('')
    await screenshot(page, 'wants')
    expect(errors).toEqual([])
    expect(foreignRequests).toEqual([])
  })

  test('pause, resume, edit and delete (after a confirmation)', async () => {
    const { page, errors } = await openPage(service.dashboardUrl)
    page.on('dialog', (dialog) => void dialog.accept())
    await page.goto(`${service.dashboardUrl}/wants`)
    const row = page.getByRole('row', { name: /Severance/ })
    await row.getByRole('button', { name: 'Pause Severance' }).click()
    await row.getByText('Paused').waitFor()
    expect((await wants()).find((want) => want.title === 'Severance')!.status).toBe('paused')
    await row.getByRole('button', { name: 'Resume Severance' }).click()
    await row.getByText('Active').waitFor()
    expect((await wants()).find((want) => want.title === 'Severance')!.status).toBe('active')

    await row.getByRole('button', { name: 'Edit Severance' }).click()
    const edit = page.getByRole('form', { name: 'Edit Severance' })
    await edit.getByLabel('Title').fill('')
    await edit.getByRole('button', { name: 'Save' }).click()
    await edit.getByText('Give the want a title.').waitFor()
    await edit.getByLabel('Title').fill('Severance S02')
    await edit.getByLabel('Priority').selectOption({ label: 'Medium' })
    await edit.getByRole('button', { name: 'Save' }).click()
    await page
      .getByRole('row', { name: /Severance S02/ })
      .getByRole('button', { name: 'Edit Severance S02' })
      .waitFor()
    expect((await wants()).find((want) => want.query === 'severance')).toMatchObject({ title: 'Severance S02', priority: 'medium' })

    await page.getByRole('button', { name: 'Delete Severance S02' }).click()
    await page.getByRole('row', { name: /Severance S02/ }).waitFor({ state: 'detached' })
    expect((await wants()).some((want) => want.query === 'severance')).toBe(false)
    expect(errors).toEqual([])
  })

  test('by keyboard the focus follows the row: into the edit form, back to Edit, onto the next status button', async () => {
    await fetch(
      `${service.dashboardUrl}/api/wants`,
      sendJson('POST', { title: 'Dark', content_type: 'tv_show', query: 'dark', priority: 'low' }),
    )
    const dark = (await wants()).find((want) => want.title === 'Dark')!
    const { page, errors } = await openPage(service.dashboardUrl)
    await page.goto(`${service.dashboardUrl}/wants`)
    // htmx focuses `autofocus` when the swapped row settles, a moment after it is in the page.
    const FOCUSED = 'document.activeElement.getAttribute("aria-label") || document.activeElement.id'
    // Polled from here: waitForFunction evaluates its text in the page, which the page's CSP refuses.
    const focused = async (expected: string) => {
      let now = await page.evaluate<string>(FOCUSED)
      for (let tries = 0; now !== expected && tries < 300; tries++) {
        await Bun.sleep(50)
        now = await page.evaluate<string>(FOCUSED)
      }
      return now
    }
    const press = async (name: string) => {
      await htmxSettled(page)
      await page.getByRole('button', { name, exact: true }).focus()
      await page.keyboard.press('Enter')
    }

    await press('Edit Dark')
    await page.getByRole('form', { name: 'Edit Dark' }).waitFor()
    expect(await focused(`edit-${dark.id}-title`)).toBe(`edit-${dark.id}-title`)
    await page.keyboard.press('Tab')
    await press('Cancel')
    await page.getByRole('button', { name: 'Edit Dark' }).waitFor()
    expect(await focused('Edit Dark')).toBe('Edit Dark')

    await press('Pause Dark')
    await page.getByRole('button', { name: 'Resume Dark' }).waitFor()
    expect(await focused('Resume Dark')).toBe('Resume Dark')

    await press('Edit Dark')
    await page.getByRole('form', { name: 'Edit Dark' }).waitFor()
    await htmxSettled(page)
    await page.getByRole('form', { name: 'Edit Dark' }).getByLabel('Title').fill('Dark S03')
    await page.keyboard.press('Enter')
    await page.getByRole('button', { name: 'Edit Dark S03' }).waitFor()
    expect(await focused('Edit Dark S03')).toBe('Edit Dark S03')
    expect(errors).toEqual([])
  })

  test('without JavaScript the form posts and answers errors in the page', async () => {
    const bad = await fetch(`${service.dashboardUrl}/wants`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'title=&content_type=movie&query=x&priority=high&notes=',
    })
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain('Give the want a title.')
    const good = await fetch(`${service.dashboardUrl}/wants`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'title=Blade+Runner&content_type=movie&query=blade+runner&priority=low&notes=',
    })
    expect(good.status).toBe(303)
    expect((await wants()).some((want) => want.title === 'Blade Runner')).toBe(true)
  })

  test('a fulfilled want links to the torrent that fulfilled it; the page fits a 390 px phone', async () => {
    // Registered with the core as it is created; the demo import then matches it and the core watch (every 5 s) fulfils it.
    await fetch(
      `${service.dashboardUrl}/api/wants`,
      sendJson('POST', { title: 'Oppenheimer', content_type: 'movie', query: 'oppenheimer', priority: 'high' }),
    )
    await fetch(`${service.dashboardUrl}/api/seed-demo`, { method: 'POST' })
    const deadline = Date.now() + 30_000
    while ((await wants()).find((want) => want.title === 'Oppenheimer')!.status !== 'fulfilled') {
      if (Date.now() > deadline) throw new Error('the want was not fulfilled within 30 s')
      await Bun.sleep(200)
    }
    const oppenheimer = DEMO_RELEASES.find((release) => release.name.startsWith('Oppenheimer'))!
    const { page, errors } = await openPage(service.dashboardUrl, { width: 390, height: 844 })
    await page.goto(`${service.dashboardUrl}/wants`)
    const link = page.getByRole('link', { name: 'Torrent that fulfilled Oppenheimer' })
    expect(await link.getAttribute('href')).toBe(`/library/${oppenheimer.infoHash}`)
    await expectNoHorizontalOverflow(page)
    await screenshot(page, 'wants-phone')
    expect(errors).toEqual([])
  })
})

describe('/wants without the core', () => {
  test('lists and creates wants: they live in the dashboard store', async () => {
    const alone = openTestDashboard()
    try {
      const created = await alone.request('/wants', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'hx-request': 'true' },
        body: 'title=Heat&content_type=movie&query=heat+1995&priority=medium&notes=',
      })
      expect(created.status).toBe(200)
      expect(await created.text()).toContain('Added “Heat”.')
      const page = await (await alone.request('/wants')).text()
      expect(page).toContain('>Heat</a></strong>')
      expect(page).not.toContain('The indexer core cannot be reached')
    } finally {
      await alone.close()
    }
  })
})
