import { SETTING_FIELDS, type SettingKeyView } from '../setting-fields'
import { ConfirmKeyField } from './confirm-key-field'
import { FieldError } from './field-error'

/** The id of a setting's card, the `hx-target` its Save and Reset buttons swap. */
export const settingCardId = (key: string) => `setting-${key}`

/** A setting as its card shows it. */
export interface SettingView {
  key: SettingKeyView
  default: string | boolean | null
  value: string | boolean | null
  overridden: boolean
  /** Whether a change to it asks for the dashboard key where the session is not fresh. */
  isConfirmed: boolean
  /** The values a `choice` setting takes. */
  choices?: readonly string[]
}

export interface SettingCardProps {
  setting: SettingView
  /** What the person typed, kept when it was refused. */
  draft?: string
  /** The service's 400 message, shown beside the field. */
  error?: string
  /** Said once after a change went through. */
  notice?: string
  /** Whether changes that need the dashboard key ask for it here (DESIGN.md 7.2): auth is on and the session is not fresh. */
  asksConfirmKey?: boolean
  /** Why the confirmation did not hold, shown beside its field. */
  confirmError?: string
}

function ShownValue(props: { value: SettingView['value'] }) {
  if (props.value === null) return <span class="muted">not set</span>
  return <code>{String(props.value)}</code>
}

function ValueControl(props: SettingCardProps & { id: string; describedBy?: string }) {
  const { setting } = props
  const field = SETTING_FIELDS[setting.key]
  const invalid = props.error ? 'true' : undefined
  const common = { id: props.id, name: 'value', 'aria-invalid': invalid, 'aria-describedby': props.describedBy }
  const current = props.draft ?? (field.control === 'secret' || setting.value === null ? '' : String(setting.value))
  if (field.control === 'boolean' || field.control === 'choice') {
    const options = field.control === 'boolean' ? ['true', 'false'] : (setting.choices ?? [])
    return (
      <select {...common}>
        {options.map((option) => (
          <option value={option} selected={option === current}>
            {field.control === 'boolean' ? (option === 'true' ? 'On' : 'Off') : option}
          </option>
        ))}
      </select>
    )
  }
  const type = field.control === 'secret' ? 'password' : field.control === 'url' ? 'url' : 'text'
  return (
    <input
      {...common}
      type={type}
      value={current}
      autocomplete={field.control === 'secret' ? 'new-password' : 'off'}
      placeholder={field.control === 'secret' ? 'Type a new key' : undefined}
      spellcheck={false}
    />
  )
}

/** One allowlisted setting: what it does, its default and effective value, and its override form. */
/** The event a Torznab key regeneration answers with (HX-Trigger), after which that key's card refetches. */
export const KEY_STALE_EVENT = 'torznab-key-changed'

export function SettingCard(props: SettingCardProps) {
  const { setting } = props
  const key = setting.key
  const id = settingCardId(key)
  const inputId = `${id}-value`
  const errorId = `${id}-error`
  const action = `/settings/overrides/${encodeURIComponent(key)}`
  return (
    <section
      id={id}
      class="card setting"
      aria-labelledby={`${id}-name`}
      // The Torznab key's card goes stale when the key is regenerated further down the page.
      {...(key === 'torznab_api_key'
        ? { 'hx-get': `/settings/cards/${key}`, 'hx-trigger': `${KEY_STALE_EVENT} from:body`, 'hx-swap': 'outerHTML' }
        : {})}
    >
      <div class="setting-head">
        <h3 id={`${id}-name`}>{SETTING_FIELDS[key].title}</h3>
        {setting.overridden ? <span class="tag warn">Overridden</span> : <span class="tag">Default</span>}
      </div>
      <p class="setting-key">
        <code>{key}</code>
      </p>
      <p class="muted">{SETTING_FIELDS[key].description}</p>
      <dl class="setting-values">
        <div>
          <dt>Default</dt>
          <dd>
            <ShownValue value={setting.default} />
          </dd>
        </div>
        <div>
          <dt>Effective</dt>
          <dd>
            <ShownValue value={setting.value} />
          </dd>
        </div>
      </dl>
      <form method="post" action={action} hx-post={action} hx-target={`#${id}`} hx-swap="outerHTML">
        <div class="field">
          <label for={inputId}>
            New value<span class="visually-hidden"> for {SETTING_FIELDS[key].title}</span>
          </label>
          <ValueControl {...props} id={inputId} describedBy={props.error ? errorId : undefined} />
          <FieldError id={errorId} error={props.error} />
        </div>
        {props.asksConfirmKey && setting.isConfirmed ? <ConfirmKeyField idPrefix={id} error={props.confirmError} /> : null}
        <div class="setting-actions">
          <button type="submit">
            Save<span class="visually-hidden"> {SETTING_FIELDS[key].title}</span>
          </button>
          <button type="submit" class="secondary" formaction={`${action}/reset`} hx-post={`${action}/reset`} disabled={!setting.overridden}>
            Reset to default<span class="visually-hidden"> {SETTING_FIELDS[key].title}</span>
          </button>
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
