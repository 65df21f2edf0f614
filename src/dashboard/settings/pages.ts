import { Elysia, t } from 'elysia'
import { SettingsPage, type SettingsPageProps } from '../../../views/pages/settings'
import { AUDIT_PAGE_SIZE, AUDIT_STALE_EVENT, AuditLog, type AuditLogProps } from '../../../views/partials/audit-log'
import type { DownloadClientsSectionProps } from '../../../views/partials/download-clients-section'
import type { NotificationTargetsSectionProps } from '../../../views/partials/notification-targets-section'
import { ApiKeyCard } from '../../../views/partials/setting-api-key'
import { KEY_STALE_EVENT, SettingCard, type SettingView } from '../../../views/partials/setting-card'
import { SETTING_FIELDS } from '../../../views/setting-fields'
import { SETTING_RULES } from '../../config'
import { isSettingKey, type SettingKey } from '../../vocabulary'
import { BadRequestError } from '../../http'
import { LOG_LEVELS } from '../../log'
import { AUDIT_KINDS, type AuditKind, type AuditService } from '../audit'
import {
  type AuthService,
  ConfirmationRequiredError,
  type Identity,
  pageAuth,
  TooManyAuthFailuresError,
  type UnconfirmedReason,
} from '../auth'
import { CoreRefusedError } from '../core-client'
import { DOWNLOAD_CLIENT_KIND_LABELS, type DownloadClientService } from '../download-clients'
import { NOTIFICATION_TARGET_KIND_LABELS, type NotificationTargetService } from '../notification-targets'
import type { NotificationService } from '../notifications'
import type { ApiKeyRotation } from './api-key-rotation'
import { InvalidSettingValueError } from './errors'
import { API_KEY_TARGETS, type ApiKeyTarget, CONFIRMED_SETTINGS, type Setting, type SettingChange } from './model'
import type { SettingsService } from './service'
import { htmlPage, htmlPartial, isHtmx, staleParts, pageChrome } from '../page-kit'

export interface SettingsPageDeps {
  auth: AuthService
  settings: SettingsService
  apiKeyRotation: ApiKeyRotation
  audit: AuditService
  notifications: NotificationService
  downloadClients: DownloadClientService
  notificationTargets: NotificationTargetService
}

/** What a settings page shows besides its settings: the changed card, a key card, a section's outcome. */
export type SettingsPageChange = Pick<SettingsPageProps, 'changed' | 'keyCard'> & {
  downloadClients?: Omit<DownloadClientsSectionProps, 'clients' | 'kindLabels'>
  notificationTargets?: Omit<NotificationTargetsSectionProps, 'targets' | 'kindLabels'>
}

/** The values of the settings chosen from a list, for their card's select. */
const SETTING_CHOICES: Partial<Record<SettingKey, readonly string[]>> = { log_level: LOG_LEVELS }

/** A setting as its card shows it: whether a change asks for the dashboard key, and its choices. */
const settingView = (setting: Setting): SettingView => ({
  ...setting,
  isConfirmed: CONFIRMED_SETTINGS.has(setting.key),
  choices: SETTING_CHOICES[setting.key],
})

/** The download clients' section's list as it is now, and how each kind is named. */
export const downloadClientsNow = (downloadClients: DownloadClientService) => ({
  clients: downloadClients.list(),
  kindLabels: DOWNLOAD_CLIENT_KIND_LABELS,
})

/** The notification targets' section's list as it is now, and how each kind is named. */
export const notificationTargetsNow = (notificationTargets: NotificationTargetService) => ({
  targets: notificationTargets.list(),
  kindLabels: NOTIFICATION_TARGET_KIND_LABELS,
})

/** A page of the audit log, newest first; `kind` and `page` as a hand-edited address may give them (leniently). */
function readAuditPage(audit: AuditService, query: { kind?: string; page?: string }): AuditLogProps {
  const kind = AUDIT_KINDS.find((known) => known === query.kind) as AuditKind | undefined
  const page = /^[1-9]\d*$/.test(query.page ?? '') ? Number(query.page) : 1
  // One row more than a page says whether an older page exists.
  const rows = audit.list({ limit: AUDIT_PAGE_SIZE + 1, kind, offset: (page - 1) * AUDIT_PAGE_SIZE })
  return { entries: rows.slice(0, AUDIT_PAGE_SIZE), kind, page, hasOlder: rows.length > AUDIT_PAGE_SIZE }
}

/**
 * The whole settings page as it is now for `identity`, with `change` in place: what a form posted
 * without htmx gets back (the settings' own forms and the download clients' and notification
 * targets' sections).
 */
export function settingsPageResponse(
  deps: SettingsPageDeps,
  identity: Identity,
  change: SettingsPageChange = {},
  status = 200,
  query: { kind?: string; page?: string } = {},
) {
  return htmlPage(
    SettingsPage({
      ...change,
      settings: deps.settings.list().map(settingView),
      audit: readAuditPage(deps.audit, query),
      asksConfirmKey: deps.auth.needsConfirmation(identity),
      downloadClients: { ...change.downloadClients, ...downloadClientsNow(deps.downloadClients) },
      notificationTargets: { ...change.notificationTargets, ...notificationTargetsNow(deps.notificationTargets) },
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

const OverrideForm = t.Object({
  value: t.Optional(t.String({ maxLength: 4096 })),
  confirm_key: t.Optional(t.String({ maxLength: 256 })),
})

const RegenerateForm = t.Object({ target: t.String({ maxLength: 16 }), confirm_key: t.Optional(t.String({ maxLength: 256 })) })

/** A setting's form value as the JSON the service takes: the boolean select's text becomes a boolean. */
function formValue(key: string, value: string | undefined): unknown {
  if (!isSettingKey(key) || SETTING_FIELDS[key].control !== 'boolean') return value ?? ''
  return value === 'true' ? true : value === 'false' ? false : value
}

/** What the page says beside the form when a change was not made: the refusals a person can act on. */
function refusalOf(err: unknown, key: string): { error?: string; confirmError?: string } | null {
  if (err instanceof InvalidSettingValueError && isSettingKey(key)) return { error: `Use ${SETTING_RULES[key].inForm}.` }
  if (err instanceof ConfirmationRequiredError) return { confirmError: UNCONFIRMED_IN_FORM[err.reason] }
  if (err instanceof TooManyAuthFailuresError)
    return { confirmError: `Too many wrong keys from your address. Try again in ${err.retryAfterSeconds} seconds.` }
  if (err instanceof CoreRefusedError) return { error: sentence(err.message) }
  return null
}

/** The confirmation's refusals in a person's words, beside the field they typed (or did not type) the key in. */
const UNCONFIRMED_IN_FORM: Record<UnconfirmedReason, string> = {
  missing: 'Type the dashboard API key to confirm this change.',
  wrong: 'That is not the dashboard API key. Nothing was changed.',
  no_key_set: 'No dashboard API key is set to confirm with: set DASHBOARD_API_KEY, or make this change in the environment.',
}

const sentence = (message: string) => `${message[0]!.toUpperCase()}${message.slice(1)}.`

/** Said after a change went through; for one the core honours, whether the core has it yet. */
function noticeOf(change: SettingChange): string {
  const done = change.overridden ? 'Saved.' : 'Back to the default.'
  return change.core_sync === 'pending' ? `${done} The core cannot be reached now: it gets the change when it is back.` : done
}

/**
 * /settings (DESIGN.md 5.2, 3.8, 3.10): every allowlisted setting with an override form, the API
 * key rotation, and the audit log a page at a time. Forms work without htmx too: the page comes
 * back whole with the change (or its error) in place. Changes that widen trust or replace a key
 * carry a field for the dashboard key, which confirms them (DESIGN.md 7.2).
 */
export const settingsPage = (deps: SettingsPageDeps) => {
  const page = (identity: Identity, change: SettingsPageChange, status = 200, query: { kind?: string; page?: string } = {}) =>
    settingsPageResponse(deps, identity, change, status, query)

  const settingOf = (key: string) => {
    const setting = deps.settings.list().find((candidate) => candidate.key === key)
    return setting && settingView(setting)
  }

  /** The changed card alone for htmx (200, so htmx swaps it even when it carries an error), else the whole page. */
  const answerChange = async (
    context: { request: Request; identity: Identity; clientAddress: string },
    key: string,
    form: { value?: string; confirm_key?: string },
    change: (changedBy: string) => Promise<SettingChange>,
  ) => {
    const { request, identity } = context
    const asksConfirmKey = deps.auth.needsConfirmation(identity)
    let changed: SettingChange
    try {
      if (isSettingKey(key) && CONFIRMED_SETTINGS.has(key))
        deps.auth.confirm(identity, form.confirm_key || undefined, context.clientAddress)
      changed = await change(identity.actor)
    } catch (err) {
      const refused = refusalOf(err, key)
      const setting = settingOf(key)
      if (!refused || !setting) throw err
      const card = { draft: form.value ?? '', ...refused, asksConfirmKey }
      return isHtmx(request) ? htmlPartial(SettingCard({ setting, ...card })) : page(identity, { changed: { key, ...card } }, 400)
    }
    const notice = noticeOf(changed)
    return isHtmx(request)
      ? htmlPartial(SettingCard({ setting: settingOf(key)!, notice, asksConfirmKey }), 200, staleParts(AUDIT_STALE_EVENT))
      : page(identity, { changed: { key, notice } })
  }

  return new Elysia({ name: 'dashboard-page-settings' })
    .use(pageAuth(deps))
    .get(
      '/settings',
      ({ query, request, identity }) =>
        isHtmx(request) ? htmlPartial(AuditLog(readAuditPage(deps.audit, query))) : page(identity!, {}, 200, query),
      { query: AuditPageQuery },
    )
    .get(
      '/settings/cards/:key',
      ({ params, identity }) => {
        const setting = settingOf(params.key)
        if (!setting) throw new BadRequestError(`key: ${params.key} is not a setting`)
        return htmlPartial(SettingCard({ setting, asksConfirmKey: deps.auth.needsConfirmation(identity!) }))
      },
      { params: t.Object({ key: t.String({ maxLength: 64 }) }) },
    )
    .post(
      '/settings/overrides/:key',
      ({ params, body, request, identity, clientAddress }) =>
        answerChange({ request, identity: identity!, clientAddress }, params.key, body, (changedBy) =>
          deps.settings.setOverride(params.key, formValue(params.key, body.value), changedBy),
        ),
      { params: t.Object({ key: t.String({ maxLength: 64 }) }), body: OverrideForm },
    )
    .post(
      '/settings/overrides/:key/reset',
      ({ params, body, request, identity, clientAddress }) =>
        answerChange({ request, identity: identity!, clientAddress }, params.key, { confirm_key: body?.confirm_key }, (changedBy) =>
          deps.settings.clearOverride(params.key, changedBy),
        ),
      { params: t.Object({ key: t.String({ maxLength: 64 }) }), body: t.Optional(OverrideForm) },
    )
    .post(
      '/settings/regenerate-api-key',
      async ({ body, request, identity, clientAddress }) => {
        const target = API_KEY_TARGETS.find((known) => known === body.target) as ApiKeyTarget | undefined
        if (!target) throw new BadRequestError(`target: must be one of ${API_KEY_TARGETS.join(', ')}`)
        const asksConfirmKey = deps.auth.needsConfirmation(identity!)
        let rotated: Awaited<ReturnType<ApiKeyRotation['regenerate']>>
        try {
          deps.auth.confirm(identity!, body.confirm_key || undefined, clientAddress)
          rotated = await deps.apiKeyRotation.regenerate(target, identity!.actor)
        } catch (err) {
          const refused = refusalOf(err, '')
          if (!refused) throw err
          const card = { target, error: refused.error ?? refused.confirmError, asksConfirmKey }
          return isHtmx(request) ? htmlPartial(ApiKeyCard(card)) : page(identity!, { keyCard: card }, 400)
        }
        const card = { target, newKey: rotated.api_key, asksConfirmKey, coreUnreachable: rotated.core_sync === 'pending' }
        if (!isHtmx(request)) return page(identity!, { keyCard: card })
        const stale = target === 'torznab' ? [AUDIT_STALE_EVENT, KEY_STALE_EVENT] : [AUDIT_STALE_EVENT]
        return htmlPartial(ApiKeyCard(card), 200, staleParts(...stale))
      },
      { body: RegenerateForm },
    )
}
