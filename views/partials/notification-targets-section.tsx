import {
  NOTIFICATION_EVENTS,
  NOTIFICATION_TARGET_KIND_LABELS,
  NOTIFICATION_TARGET_KINDS,
  type NotificationTarget,
} from '../../src/dashboard/notification-targets/model'
import type { NotificationType } from '../../src/dashboard/notifications/model'
import { FormField, invalidWhen } from './form-field'
import { TimeAgo } from './time-ago'

/** The id of the settings page's notification targets, the `hx-target` each of its forms swaps. */
export const NOTIFICATION_TARGETS_ID = 'notification-targets'

export const EVENT_LABELS: Record<NotificationType, string> = {
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

export const EMPTY_NOTIFICATION_TARGET: NotificationTargetDraft = { name: '', kind: 'ntfy', url: '', events: [...NOTIFICATION_EVENTS] }

export interface NotificationTargetsSectionProps {
  targets: NotificationTarget[]
  draft?: NotificationTargetDraft
  errors?: Partial<Record<keyof NotificationTargetDraft | 'token', string>>
  notice?: string
  /** The outcome of a Test, shown under that target's row. */
  tested?: { id: string; isOk: boolean; message: string }
}

const swap = { 'hx-target': `#${NOTIFICATION_TARGETS_ID}`, 'hx-swap': 'outerHTML' }

/** Delivered or failed, and when: a failure after its retries is shown in full, with the receiver's reason. */
function LastDelivery(props: { target: NotificationTarget }) {
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

function TargetRow(props: { target: NotificationTarget; tested?: NotificationTargetsSectionProps['tested'] }) {
  const { target } = props
  const base = `/settings/notification-targets/${encodeURIComponent(target.id)}`
  const tested = props.tested?.id === target.id ? props.tested : undefined
  return (
    <>
      <tr>
        <td class="title">
          <strong>{target.name}</strong>
          <div class="muted">
            <code>{target.url}</code>
          </div>
        </td>
        <td>{NOTIFICATION_TARGET_KIND_LABELS[target.kind]}</td>
        <td class="hide-narrow">
          <ul class="plain-list">
            {target.events.map((event) => (
              <li>{EVENT_LABELS[event]}</li>
            ))}
          </ul>
        </td>
        <td>
          <LastDelivery target={target} />
        </td>
        <td>
          <div class="row-buttons">
            <form method="post" action={`${base}/test`} hx-post={`${base}/test`} {...swap}>
              <button type="submit" class="secondary small" aria-label={`Test ${target.name}`}>
                Test
              </button>
            </form>
            <form
              method="post"
              action={`${base}/remove`}
              hx-post={`${base}/remove`}
              hx-confirm={`Remove the notification target "${target.name}"?`}
              {...swap}
            >
              <button type="submit" class="danger small" aria-label={`Remove ${target.name}`}>
                Remove
              </button>
            </form>
          </div>
        </td>
      </tr>
      {tested ? (
        <tr class="outcome-row">
          <td colspan={5} class={tested.isOk ? 'outcome ok' : 'outcome bad'} role={tested.isOk ? 'status' : 'alert'}>
            {tested.message}
          </td>
        </tr>
      ) : null}
    </>
  )
}

/**
 * The settings page's notification targets: each with what it is sent, how its last delivery
 * went (a failure in full), Test (sends now) and Remove; and a form to add one.
 */
export function NotificationTargetsSection(props: NotificationTargetsSectionProps) {
  const draft = props.draft ?? EMPTY_NOTIFICATION_TARGET
  const errors = props.errors ?? {}
  const id = (field: string) => `new-target-${field}`
  return (
    <section id={NOTIFICATION_TARGETS_ID} aria-labelledby={`${NOTIFICATION_TARGETS_ID}-heading`}>
      <h2 id={`${NOTIFICATION_TARGETS_ID}-heading`}>Notification targets</h2>
      <p class="muted">
        Where notifications are pushed as they happen, beside the Notifications page: a phone through ntfy or Gotify, a Discord channel, any
        webhook.
      </p>
      {props.targets.length === 0 ? (
        <p class="card muted">No notification target yet. Add one below.</p>
      ) : (
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Service</th>
                <th scope="col" class="hide-narrow">
                  Sends
                </th>
                <th scope="col">Last delivery</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {props.targets.map((target) => (
                <TargetRow target={target} tested={props.tested} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form class="card add-form" method="post" action="/settings/notification-targets" hx-post="/settings/notification-targets" {...swap}>
        <h3>Add a notification target</h3>
        <div class="form-grid">
          <FormField id={id('name')} label="Name" error={errors.name}>
            <input
              id={id('name')}
              name="name"
              value={draft.name}
              maxlength={100}
              required
              placeholder="My phone"
              {...invalidWhen(id('name'), errors.name)}
            />
          </FormField>
          <FormField id={id('kind')} label="Service" error={errors.kind}>
            <select id={id('kind')} name="kind" {...invalidWhen(id('kind'), errors.kind)}>
              {NOTIFICATION_TARGET_KINDS.map((kind) => (
                <option value={kind} selected={kind === draft.kind}>
                  {NOTIFICATION_TARGET_KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <FormField
          id={id('url')}
          label="Address"
          error={errors.url}
          hint="ntfy: the topic, as https://ntfy.sh/your-topic. Gotify: the server, as https://gotify.example. Discord: the webhook URL it shows. Webhook: any URL taking a JSON POST."
        >
          <input
            id={id('url')}
            name="url"
            type="url"
            value={draft.url}
            maxlength={2048}
            required
            spellcheck={false}
            {...invalidWhen(id('url'), errors.url)}
          />
        </FormField>
        <FormField
          id={id('token')}
          label="Token"
          error={errors.token}
          hint="ntfy: an access token (tk_…). Gotify: the application’s token. Webhook: sent as a Bearer token. Discord: none."
        >
          <input
            id={id('token')}
            name="token"
            type="password"
            maxlength={512}
            autocomplete="new-password"
            {...invalidWhen(id('token'), errors.token)}
          />
        </FormField>
        <fieldset class="events" {...(errors.events ? { 'aria-describedby': `${id('events')}-error` } : {})}>
          <legend>Send when</legend>
          {NOTIFICATION_EVENTS.map((event) => (
            <label class="check">
              <input type="checkbox" name="events" value={event} checked={draft.events.includes(event)} /> {EVENT_LABELS[event]}
            </label>
          ))}
          {errors.events ? (
            <p id={`${id('events')}-error`} class="error">
              {errors.events}
            </p>
          ) : null}
        </fieldset>
        <div class="form-actions">
          <button type="submit">Add notification target</button>
          {props.notice ? (
            <span class="muted" role="status">
              {props.notice}
            </span>
          ) : null}
        </div>
      </form>
    </section>
  )
}
