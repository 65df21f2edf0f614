import { Layout, chromeOf, type PageChrome } from '../layout'
import { AUDIT_LOG_ID, AuditLog, type AuditLogProps } from '../partials/audit-log'
import { AUDIT_KIND_LABELS, type AuditKindView } from '../partials/audit-row'
import { DownloadClientsSection, type DownloadClientsSectionProps } from '../partials/download-clients-section'
import { NotificationTargetsSection, type NotificationTargetsSectionProps } from '../partials/notification-targets-section'
import { API_KEY_CARD_TARGETS, ApiKeyCard, type ApiKeyCardProps } from '../partials/setting-api-key'
import { SettingCard, type SettingCardProps, type SettingView } from '../partials/setting-card'

export interface SettingsPageProps extends PageChrome {
  settings: SettingView[]
  /** The card that just took (or refused) a change, with what was typed and said. */
  changed?: Omit<SettingCardProps, 'setting'> & { key: string }
  /** The key card that just regenerated its key (shown once) or refused to (the page was posted without htmx). */
  keyCard?: ApiKeyCardProps
  /** Whether changes that widen trust or replace a key ask for the dashboard key here (DESIGN.md 7.2). */
  asksConfirmKey: boolean
  audit: AuditLogProps
  downloadClients: DownloadClientsSectionProps
  notificationTargets: NotificationTargetsSectionProps
}

export function SettingsPage(props: SettingsPageProps) {
  const { audit } = props
  return (
    <Layout title="Settings" active="/settings" {...chromeOf(props)}>
      <p class="muted">
        Overrides apply from the next request, with no restart. Everything else (ports, paths) comes from the environment.
      </p>
      <h2>Overrides</h2>
      {props.asksConfirmKey ? (
        <p class="muted">
          Changes to who the dashboard trusts, to where it finds the core, and to API keys ask for the dashboard API key again, unless you
          signed in within the last 5 minutes.
        </p>
      ) : null}
      <div class="settings-grid">
        {props.settings.map((setting) =>
          props.changed?.key === setting.key ? (
            <SettingCard setting={setting} asksConfirmKey={props.asksConfirmKey} {...props.changed} />
          ) : (
            <SettingCard setting={setting} asksConfirmKey={props.asksConfirmKey} />
          ),
        )}
      </div>
      <h2>API keys</h2>
      <div class="settings-grid">
        {API_KEY_CARD_TARGETS.map((target) =>
          props.keyCard?.target === target ? (
            <ApiKeyCard {...props.keyCard} />
          ) : (
            <ApiKeyCard target={target} asksConfirmKey={props.asksConfirmKey} />
          ),
        )}
      </div>
      <DownloadClientsSection {...props.downloadClients} />
      <NotificationTargetsSection {...props.notificationTargets} />
      <h2 id="audit">Audit log</h2>
      <form
        class="toolbar"
        method="get"
        action="/settings"
        hx-get="/settings"
        hx-target={`#${AUDIT_LOG_ID}`}
        hx-swap="outerHTML"
        hx-push-url="true"
        hx-trigger="change"
      >
        <p class="muted">
          Setting changes, sign-ins, the core's health, operator actions and failed deliveries, newest first. Nothing here can be edited or
          removed.
        </p>
        <div class="audit-filter">
          <label for="audit-kind">Kind</label>
          <select id="audit-kind" name="kind">
            <option value="" selected={audit.kind === undefined}>
              All
            </option>
            {(Object.keys(AUDIT_KIND_LABELS) as AuditKindView[]).map((kind) => (
              <option value={kind} selected={audit.kind === kind}>
                {AUDIT_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
          <noscript>
            <button type="submit" class="secondary">
              Filter
            </button>
          </noscript>
        </div>
      </form>
      <AuditLog {...audit} />
    </Layout>
  )
}
