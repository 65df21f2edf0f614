/**
 * The dashboard API key typed to confirm a change that widens who is trusted or replaces a key
 * (DESIGN.md 7.2), inside that change's form. Not needed within 5 minutes of signing in.
 */
export function ConfirmKeyField(props: { idPrefix: string; error?: string }) {
  const inputId = `${props.idPrefix}-confirm`
  const hintId = `${inputId}-hint`
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
        aria-describedby={props.error ? `${hintId} ${errorId}` : hintId}
      />
      <p id={hintId} class="muted">
        This change widens who the dashboard trusts or replaces a key, so it asks for the key again.
      </p>
      {props.error ? (
        <p id={errorId} class="error" role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  )
}
