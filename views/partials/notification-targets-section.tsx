import type { NotificationTypeView } from './notification-row'
import { FieldError } from './field-error'
import { ChoiceField, TextField } from './form-field'
import { type ResourceColumn, ResourceSection, type TestOutcome } from './resource-section'
import { TimeAgo } from './time-ago'

/** The id of the settings page's notification targets, the `hx-target` each of its forms swaps. */
export const NOTIFICATION_TARGETS_ID = 'notification-targets'

export const EVENT_LABELS: Record<NotificationTypeView, string> = {
  want_fulfilled: 'A want is fulfilled',
  webhook_delivery_failed: 'The evidence webhook fails',
  crawler_warning: 'The crawler warns',
}

/** What the add form holds, as typed; the token is never sent back into the page. */
export interface NotificationTargetDraft {
  name: string
  kind: string
  url: string
  events: string[]
}

export const EMPTY_NOTIFICATION_TARGET: NotificationTargetDraft = { name: '', kind: 'ntfy', url: '', events: Object.keys(EVENT_LABELS) }

/** A notification target as its row shows it. */
export interface NotificationTargetView {
  id: string
  name: string
  kind: string
  url: string
  events: NotificationTypeView[]
  /** When a notification last reached it, null before the first. */
  last_delivered_at: string | null
  /** The last delivery that failed after its retries, while no later one succeeded. */
  last_failure: { at: string; message: string } | null
}

export interface NotificationTargetsSectionProps {
  targets: NotificationTargetView[]
  /** Each kind of receiver, by its name for people, in the form's order. */
  kindLabels: Readonly<Record<string, string>>
  draft?: NotificationTargetDraft
  errors?: Partial<Record<keyof NotificationTargetDraft | 'token', string>>
  notice?: string
  tested?: TestOutcome
}

/** Delivered or failed, and when: a failure after its retries is shown in full, with the receiver's reason. */
function LastDelivery(props: { target: NotificationTargetView }) {
  const { target } = props
  if (target.last_failure)
    return (
      <div class="delivery-failure">
        <span class="tag bad">Failed</span> <TimeAgo iso={target.last_failure.at} />
        <div class="error">{target.last_failure.message}</div>
      </div>
    )
  if (target.last_delivered_at)
    return (
      <span>
        <span class="tag ok">Delivered</span> <TimeAgo iso={target.last_delivered_at} />
      </span>
    )
  return <span class="muted">Nothing sent yet</span>
}

const targetColumns = (kindLabels: Readonly<Record<string, string>>): ResourceColumn<NotificationTargetView>[] => [
  {
    header: 'Name',
    className: 'title',
    cell: (target) => (
      <>
        <strong>{target.name}</strong>
        <div class="muted">
          <code>{target.url}</code>
        </div>
      </>
    ),
  },
  { header: 'Service', cell: (target) => kindLabels[target.kind] ?? target.kind },
  {
    header: 'Sends',
    isHiddenNarrow: true,
    cell: (target) => (
      <ul class="plain-list">
        {target.events.map((event) => (
          <li>{EVENT_LABELS[event]}</li>
        ))}
      </ul>
    ),
  },
  { header: 'Last delivery', cell: (target) => <LastDelivery target={target} /> },
]

/**
 * The settings page's notification targets: each with what it is sent, how its last delivery
 * went (a failure in full), Test (sends now) and Remove; and a form to add one.
 */
export function NotificationTargetsSection(props: NotificationTargetsSectionProps) {
  const draft = props.draft ?? EMPTY_NOTIFICATION_TARGET
  const errors = props.errors ?? {}
  const prefix = 'new-target'
  const kindChoices = Object.entries(props.kindLabels)
  return (
    <ResourceSection
      id={NOTIFICATION_TARGETS_ID}
      heading="Notification targets"
      about="Where notifications are pushed as they happen, beside the Notifications page: a phone through ntfy or Gotify, a Discord channel, any webhook."
      empty="No notification target yet. Add one below."
      items={props.targets}
      columns={targetColumns(props.kindLabels)}
      what="notification target"
      tested={props.tested}
      path="/settings/notification-targets"
      formHeading="Add a notification target"
      notice={props.notice}
    >
      <div class="form-grid">
        <TextField
          prefix={prefix}
          name="name"
          label="Name"
          value={draft.name}
          error={errors.name}
          maxLength={100}
          isRequired
          placeholder="My phone"
        />
        <ChoiceField prefix={prefix} name="kind" label="Service" value={draft.kind} error={errors.kind} choices={kindChoices} />
      </div>
      <TextField
        prefix={prefix}
        name="url"
        label="Address"
        type="url"
        value={draft.url}
        error={errors.url}
        maxLength={2048}
        isRequired
        hint="ntfy: the topic, as https://ntfy.sh/your-topic. Gotify: the server, as https://gotify.example. Discord: the webhook URL it shows. Webhook: any URL taking a JSON POST."
      />
      <TextField
        prefix={prefix}
        name="token"
        label="Token"
        type="password"
        error={errors.token}
        maxLength={512}
        hint="ntfy: an access token (tk_…). Gotify: the application’s token. Webhook: sent as a Bearer token. Discord: none."
      />
      <fieldset class="events" {...(errors.events ? { 'aria-describedby': `${prefix}-events-error` } : {})}>
        <legend>Send when</legend>
        {(Object.keys(EVENT_LABELS) as NotificationTypeView[]).map((event) => (
          <label class="check">
            <input type="checkbox" name="events" value={event} checked={draft.events.includes(event)} /> {EVENT_LABELS[event]}
          </label>
        ))}
        <FieldError id={`${prefix}-events-error`} error={errors.events} />
      </fieldset>
    </ResourceSection>
  )
}
