import { Elysia, t } from 'elysia'
import { SettingsPage, type SettingsPageProps } from '../../../views/pages/settings'
import type { DownloadClientsSectionProps } from '../../../views/partials/download-clients-section'
import type { NotificationTargetsSectionProps } from '../../../views/partials/notification-targets-section'
import { AUDIT_PAGE_SIZE, AUDIT_STALE_EVENT, AuditLog, type AuditLogProps } from '../../../views/partials/audit-log'
import { ApiKeyCard } from '../../../views/partials/setting-api-key'
import { KEY_STALE_EVENT, SettingCard } from '../../../views/partials/setting-card'
import { SETTING_FIELDS } from '../../../views/setting-fields'
import { isSettingKey, SETTING_RULES } from '../../config'
import { BadRequestError } from '../../http'
import { AUDIT_KINDS, type AuditKind } from '../audit/model'
import type { AuditService } from '../audit/service'
import type { AuthService } from '../auth/service'
import type { DownloadClientService } from '../download-clients/service'
import type { NotificationTargetService } from '../notification-targets/service'
import type { NotificationService } from '../notifications/service'
import type { ApiKeyRotation } from '../settings/api-key-rotation'
import { InvalidSettingValueError } from '../settings/errors'
import { API_KEY_TARGETS, type ApiKeyTarget } from '../settings/model'
import type { SettingsService } from '../settings/service'
import { pageAuth } from './page-auth'
import { htmlPage, htmlPartial, isHtmx, staleParts, pageChrome } from './render'

export interface SettingsPageDeps {
  auth: AuthService
  settings: SettingsService
  apiKeyRotation: ApiKeyRotation
  audit: AuditService
  notifications: NotificationService
  downloadClients: DownloadClientService
  notificationTargets: NotificationTargetService
}

/** What a settings page shows besides its settings: the changed card, a new key, a section's outcome. */
export type SettingsPageChange = Pick<SettingsPageProps, 'changed' | 'newKey'> & {
  downloadClients?: Omit<DownloadClientsSectionProps, 'clients'>
  notificationTargets?: Omit<NotificationTargetsSectionProps, 'targets'>
}

/** The newest page of the audit log, `kind` and `page` as a hand-edited address may give them (leniently). */
export function readAuditPage(audit: AuditService, query: { kind?: string; page?: string }): AuditLogProps {
  const kind = AUDIT_KINDS.find((known) => known === query.kind) as AuditKind | undefined
  const page = /^[1-9]\d*$/.test(query.page ?? '') ? Number(query.page) : 1
  // One row more than a page says whether an older page exists.
  const rows = audit.list({ limit: AUDIT_PAGE_SIZE + 1, kind, offset: (page - 1) * AUDIT_PAGE_SIZE })
  return { entries: rows.slice(0, AUDIT_PAGE_SIZE), kind, page, hasOlder: rows.length > AUDIT_PAGE_SIZE }
}

/** The whole settings page, as it is now, with `change` in place: what a form posted without htmx gets back. */
export function settingsPageResponse(
  deps: SettingsPageDeps,
  change: SettingsPageChange = {},
  status = 200,
  audit: AuditLogProps = readAuditPage(deps.audit, {}),
) {
  return htmlPage(
    SettingsPage({
      ...change,
      settings: deps.settings.list(),
      audit,
      downloadClients: { ...change.downloadClients, clients: deps.downloadClients.list() },
      notificationTargets: { ...change.notificationTargets, targets: deps.notificationTargets.list() },
      ...pageChrome(deps),
    }),
    status,
  )
}

/** Lenient on purpose: a hand-edited address shows the first page of everything rather than an error. */
const AuditPageQuery = t.Object({
  kind: t.Optional(t.String({ maxLength: 16 })),
  page: t.Optional(t.String({ maxLength: 9 })),
})

const OverrideForm = t.Object({ value: t.Optional(t.String({ maxLength: 4096 })) })

const RegenerateForm = t.Object({ target: t.String({ maxLength: 16 }) })

/** A setting's form value as the JSON the service takes: the boolean select's text becomes a boolean. */
function formValue(key: string, value: string | undefined): unknown {
  if (!isSettingKey(key) || SETTING_FIELDS[key].control !== 'boolean') return value ?? ''
  return value === 'true' ? true : value === 'false' ? false : value
}

/**
 * /settings (DESIGN.md 5.2, 3.8, 3.10): every allowlisted setting with an override form, the API
 * key rotation, and the audit log a page at a time. Forms work without htmx too: the page comes
 * back whole with the change (or its error) in place.
 */
export const settingsPage = (deps: SettingsPageDeps) => {
  const page = (change: SettingsPageChange, status = 200) => settingsPageResponse(deps, change, status)

  /** The changed card alone for htmx (200, so htmx swaps it even when it carries an error), else the whole page. */
  const answerChange = async (request: Request, key: string, change: () => Promise<unknown>, draft: string | undefined) => {
    try {
      await change()
    } catch (err) {
      if (!(err instanceof InvalidSettingValueError) || !isSettingKey(key)) throw err
      const setting = deps.settings.list().find((candidate) => candidate.key === key)!
      // The API's message speaks of JSON types; a person typed text into a field.
      const refused = { draft: draft ?? '', error: `Use ${SETTING_RULES[key].inForm}.` }
      return isHtmx(request) ? htmlPartial(SettingCard({ setting, ...refused })) : page({ changed: { key, ...refused } }, 400)
    }
    const setting = deps.settings.list().find((candidate) => candidate.key === key)!
    const notice = setting.overridden ? 'Saved.' : 'Back to the default.'
    return isHtmx(request)
      ? htmlPartial(SettingCard({ setting, notice }), 200, staleParts(AUDIT_STALE_EVENT))
      : page({ changed: { key, notice } })
  }

  return new Elysia({ name: 'dashboard-page-settings' })
    .use(pageAuth(deps))
    .get(
      '/settings',
      ({ query, request }) =>
        isHtmx(request)
          ? htmlPartial(AuditLog(readAuditPage(deps.audit, query)))
          : settingsPageResponse(deps, {}, 200, readAuditPage(deps.audit, query)),
      { query: AuditPageQuery },
    )
    .get(
      '/settings/cards/:key',
      ({ params }) => {
        const setting = deps.settings.list().find((candidate) => candidate.key === params.key)
        if (!setting) throw new BadRequestError(`key: ${params.key} is not a setting`)
        return htmlPartial(SettingCard({ setting }))
      },
      { params: t.Object({ key: t.String({ maxLength: 64 }) }) },
    )
    .post(
      '/settings/overrides/:key',
      ({ params, body, request, identity }) =>
        answerChange(
          request,
          params.key,
          () => deps.settings.setOverride(params.key, formValue(params.key, body.value), identity!.id),
          body.value,
        ),
      { params: t.Object({ key: t.String({ maxLength: 64 }) }), body: OverrideForm },
    )
    .post(
      '/settings/overrides/:key/reset',
      ({ params, request, identity }) =>
        answerChange(request, params.key, () => deps.settings.clearOverride(params.key, identity!.id), undefined),
      { params: t.Object({ key: t.String({ maxLength: 64 }) }) },
    )
    .post(
      '/settings/regenerate-api-key',
      async ({ body, request, identity }) => {
        const target = API_KEY_TARGETS.find((known) => known === body.target) as ApiKeyTarget | undefined
        if (!target) throw new BadRequestError(`target: must be one of ${API_KEY_TARGETS.join(', ')}`)
        const { api_key } = await deps.apiKeyRotation.regenerate(target, identity!.id)
        if (!isHtmx(request)) return page({ newKey: { target, api_key } })
        const stale = target === 'torznab' ? [AUDIT_STALE_EVENT, KEY_STALE_EVENT] : [AUDIT_STALE_EVENT]
        return htmlPartial(ApiKeyCard({ target, newKey: api_key }), 200, staleParts(...stale))
      },
      { body: RegenerateForm },
    )
}
