/** Why a field's value was refused, beside it; nothing when it was not. The field names it in aria-describedby. */
export function FieldError(props: { id: string; error?: string }) {
  if (!props.error) return null
  return (
    <p id={props.id} class="error" role="alert">
      {props.error}
    </p>
  )
}
