import type { Child } from 'hono/jsx'
import { FieldError } from './field-error'

/**
 * A labelled field with its refusal beside it (the control names `aria-describedby` = `${id}-error`
 * when it has one, see invalidWhen) and an optional hint under it; `wide` spans the form's row.
 */
export function FormField(props: { id: string; label: string; error?: string; hint?: string; wide?: boolean; children: Child }) {
  return (
    <div class={props.wide ? 'field wide' : 'field'}>
      <label for={props.id}>{props.label}</label>
      {props.children}
      {props.hint ? <p class="muted field-hint">{props.hint}</p> : null}
      <FieldError id={`${props.id}-error`} error={props.error} />
    </div>
  )
}

/** The attributes that tie a control to its refusal, when it has one. */
export const invalidWhen = (id: string, error: string | undefined) =>
  error ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {}

/**
 * A text input in its FormField, named `name` under the id `${prefix}-${name}`. A `password` one is
 * never filled: what was typed in it is not sent back into the page.
 */
export function TextField(props: {
  prefix: string
  name: string
  label: string
  value?: string
  error?: string
  hint?: string
  type?: 'text' | 'url' | 'password'
  maxLength: number
  isRequired?: boolean
  placeholder?: string
}) {
  const id = `${props.prefix}-${props.name}`
  const type = props.type ?? 'text'
  return (
    <FormField id={id} label={props.label} error={props.error} hint={props.hint}>
      <input
        id={id}
        name={props.name}
        type={type}
        value={type === 'password' ? undefined : (props.value ?? '')}
        maxlength={props.maxLength}
        required={props.isRequired}
        placeholder={props.placeholder}
        autocomplete={type === 'password' ? 'new-password' : 'off'}
        spellcheck={type === 'url' ? false : undefined}
        {...invalidWhen(id, props.error)}
      />
    </FormField>
  )
}

/** A select in its FormField, named `name` under the id `${prefix}-${name}`, `choices` as [value, label]. */
export function ChoiceField(props: {
  prefix: string
  name: string
  label: string
  value: string
  error?: string
  choices: readonly (readonly [string, string])[]
}) {
  const id = `${props.prefix}-${props.name}`
  return (
    <FormField id={id} label={props.label} error={props.error}>
      <select id={id} name={props.name} {...invalidWhen(id, props.error)}>
        {props.choices.map(([value, label]) => (
          <option value={value} selected={value === props.value}>
            {label}
          </option>
        ))}
      </select>
    </FormField>
  )
}
