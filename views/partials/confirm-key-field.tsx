import { FieldError } from './field-error'

/**
 * The dashboard API key typed to confirm a change that widens who is trusted or replaces a key
 * (DESIGN.md 7.2), inside that change's form (the settings page says why, once, above the cards).
 * Not shown within 5 minutes of signing in.
 */
export function ConfirmKeyField(props: { idPrefix: string; error?: string }) {
  const inputId = `${props.idPrefix}-confirm`
  const errorId = `${inputId}-error`
  return (
    <div class="field">
      <label for={inputId}>Dashboard API key, to confirm</label>
      <input
        id={inputId}
        name="confirm_key"
        type="password"
        autocomplete="current-password"
        spellcheck={false}
        aria-invalid={props.error ? 'true' : undefined}
        aria-describedby={props.error ? errorId : undefined}
      />
      <FieldError id={errorId} error={props.error} />
    </div>
  )
}
