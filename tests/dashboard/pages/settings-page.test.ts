import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { expectCount, expectNoHorizontalOverflow, openPage, screenshot } from '../../support/browser'
import { startWholeService } from '../../support/dashboard'
import type { SettingKey } from '../../../src/vocabulary'
import { SETTING_FIELDS } from '../../../views/setting-fields'

const TORZNAB_KEY = 'torznab-key-0123456789abcdef'

let service: Awaited<ReturnType<typeof startWholeService>>
beforeAll(async () => {
  service = await startWholeService({ TORZNAB_API_KEY: TORZNAB_KEY })
})
afterAll(() => service?.child.kill())

const api = async <T>(path: string): Promise<T> => (await (await fetch(`${service.dashboardUrl}${path}`)).json()) as T

interface Setting {
  key: SettingKey
  value: unknown
  overridden: boolean
}
interface AuditEntry {
  key: string
  action: string
  old_value: unknown
  new_value: unknown
}
const settingNamed = async (key: string) => (await api<{ items: Setting[] }>('/api/settings')).items.find((item) => item.key === key)!

/** A setting's card, found by its title as a person reads it (the key is shown beneath). */
const card = (page: Page, key: SettingKey) => page.getByRole('region', { name: SETTING_FIELDS[key].title, exact: true })
/** The override field of a setting's card, named by its title. */
const valueField = (page: Page, key: SettingKey) => card(page, key).getByLabel(`New value for ${SETTING_FIELDS[key].title}`)

describe('/settings in a browser', () => {
  test('lists every setting with its values and an override form, with no console error and nothing fetched elsewhere', async () => {
    const { page, errors, foreignRequests } = await openPage(service.dashboardUrl)
    await page.goto(`${service.dashboardUrl}/settings`)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Settings')
    for (const { key } of (await api<{ items: Setting[] }>('/api/settings')).items) {
      await valueField(page, key).waitFor()
      await expectCount(card(page, key).getByText(key, { exact: true }), 1)
      await expectCount(card(page, key).getByRole('button', { name: /^Save/ }), 1)
    }
    // The secret is masked everywhere on the page.
    expect(await page.content()).not.toContain(TORZNAB_KEY)
    await expectCount(card(page, 'torznab_api_key').getByText('****cdef'), 2)
    await screenshot(page, 'settings')
    expect(errors).toEqual([])
    expect(foreignRequests).toEqual([])
  })

  test('a value saved through the form is overridden and audited; reset goes back to the default', async () => {
    const { page, errors } = await openPage(service.dashboardUrl)
    await page.goto(`${service.dashboardUrl}/settings`)
    const logLevel = card(page, 'log_level')
    await valueField(page, 'log_level').selectOption('debug')
    await logLevel.getByRole('button', { name: /^Save/ }).click()
    await logLevel.getByText('Overridden').waitFor()
    expect(await settingNamed('log_level')).toEqual({ key: 'log_level', default: 'info', value: 'debug', overridden: true } as Setting)
    const audit = await api<{ items: AuditEntry[] }>('/api/settings/audit')
    expect(audit.items[0]).toMatchObject({ key: 'log_level', action: 'override_set', old_value: 'info', new_value: 'debug' })

    const trust = card(page, 'trust_proxy_headers')
    await valueField(page, 'trust_proxy_headers').selectOption({ label: 'On' })
    await trust.getByRole('button', { name: /^Save/ }).click()
    await trust.getByText('Overridden').waitFor()
    expect((await settingNamed('trust_proxy_headers')).value).toBe(true)

    await logLevel.getByRole('button', { name: /^Reset to default/ }).click()
    await logLevel.getByText('Back to the default.').waitFor()
    expect(await settingNamed('log_level')).toMatchObject({ value: 'info', overridden: false })
    expect((await api<{ items: AuditEntry[] }>('/api/settings/audit')).items[0]).toMatchObject({
      key: 'log_level',
      action: 'override_cleared',
    })
    // The audit log below follows without a reload, and is the same read again.
    await page.getByRole('cell', { name: /log_level override cleared/ }).waitFor()
    await page.reload()
    await page.getByRole('cell', { name: /log_level override cleared/ }).waitFor()
    expect(errors).toEqual([])
  })

  test('an invalid value shows what the field takes beside it, in words, and keeps what was typed', async () => {
    const { page } = await openPage(service.dashboardUrl)
    await page.goto(`${service.dashboardUrl}/settings`)
    const metrics = card(page, 'core_metrics_url')
    const field = valueField(page, 'core_metrics_url')
    await field.fill('ftp://metrics.example/metrics')
    await metrics.getByRole('button', { name: /^Save/ }).click()
    const error = metrics.getByRole('alert')
    await error.waitFor()
    expect(await error.textContent()).toBe('Use an http:// or https:// URL.')
    expect(await field.inputValue()).toBe('ftp://metrics.example/metrics')
    expect(await field.getAttribute('aria-invalid')).toBe('true')
    expect((await settingNamed('core_metrics_url')).overridden).toBe(false)
    await screenshot(page, 'settings-invalid')
  })

  test('regenerating the Torznab key shows the new one once, with a copy button, and the old one stops working on the core', async () => {
    const caps = (key: string) => fetch(`${service.baseUrl}/torznab/api?t=caps&apikey=${key}`)
    expect((await caps(TORZNAB_KEY)).status).toBe(200)
    const { page, errors } = await openPage(service.dashboardUrl)
    await page.goto(`${service.dashboardUrl}/settings`)
    page.once('dialog', (dialog) => dialog.accept())
    const torznab = page.getByRole('region', { name: 'Regenerate the Torznab API key' })
    await torznab.getByRole('button', { name: 'Regenerate Torznab API key' }).click()
    const copy = torznab.getByRole('button', { name: 'Copy' })
    await copy.waitFor()
    const newKey = (await copy.getAttribute('data-copy'))!
    expect(newKey).toMatch(/^[0-9a-f]{64}$/)
    expect(await torznab.locator('code').textContent()).toBe(newKey)
    expect(await torznab.textContent()).toContain('Paste it into Prowlarr')
    await screenshot(page, 'settings-new-key')
    expect((await caps(TORZNAB_KEY)).status).toBe(401)
    expect((await caps(newKey)).status).toBe(200)
    // The key's card above follows without a reload.
    await card(page, 'torznab_api_key')
      .getByText(`****${newKey.slice(-4)}`)
      .waitFor()
    // Shown once: the page read again has it masked only.
    await page.reload()
    expect(await page.content()).not.toContain(newKey)
    const shown = await card(page, 'torznab_api_key').locator('dd').allTextContents()
    expect(shown).toEqual(['****cdef', `****${newKey.slice(-4)}`])
    expect(errors).toEqual([])
  })

  test('the audit log filters by kind', async () => {
    const { page } = await openPage(service.dashboardUrl)
    await page.goto(`${service.dashboardUrl}/settings`)
    await page.getByLabel('Kind').selectOption({ label: 'Setting' })
    await page.waitForURL(/kind=setting/)
    expect(await page.getByRole('table').getByRole('columnheader').allTextContents()).toEqual(['When', 'Kind', 'What', 'Change', 'By'])
    await page
      .getByRole('row', { name: /override set/ })
      .first()
      .waitFor()
    const kinds = await page.locator('#audit-log tbody tr td:nth-child(2)').allTextContents()
    expect(kinds.length).toBeGreaterThan(0)
    expect(new Set(kinds)).toEqual(new Set(['Setting']))
  })

  test('fits a 390 px phone', async () => {
    const { page } = await openPage(service.dashboardUrl, { width: 390, height: 844 })
    await page.goto(`${service.dashboardUrl}/settings`)
    await expectNoHorizontalOverflow(page)
    await screenshot(page, 'settings-phone')
  })
})
