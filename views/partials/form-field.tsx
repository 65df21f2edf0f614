import type { Child } from 'hono/jsx'

/** A labelled field with its refusal beside it; the control inside names `aria-describedby` = `${id}-error` when it has one. */
export function FormField(props: { id: string; label: string; error?: string; hint?: string; children: Child }) {
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      {props.children}
      {props.hint ? <p class="muted field-hint">{props.hint}</p> : null}
      {props.error ? (
        <p id={`${props.id}-error`} class="error">
          {props.error}
        </p>
      ) : null}
    </div>
  )
}

/** The attributes that tie a control to its refusal, when it has one. */
export const invalidWhen = (id: string, error: string | undefined) =>
  error ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {}
