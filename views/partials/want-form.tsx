import { WantFields, type WantFormErrors, type WantFormValues } from './want-fields'

/** The id of the create form, the `hx-target` it swaps (with its errors, or emptied after a want is added). */
export const WANT_FORM_ID = 'want-form'

/** Add a want: posts to /wants (htmx swaps this form and the list; without JavaScript the page reloads). */
export function WantForm(props: { values: WantFormValues; errors: WantFormErrors; added?: string }) {
  return (
    <form
      id={WANT_FORM_ID}
      class="card want-form"
      action="/wants"
      method="post"
      hx-post="/wants"
      hx-target={`#${WANT_FORM_ID}`}
      hx-swap="outerHTML"
    >
      <h2>Add a want</h2>
      <WantFields prefix="new-want" values={props.values} errors={props.errors} />
      <div class="want-actions">
        <button type="submit">Add want</button>
        {props.added ? (
          <span class="muted" role="status">
            Added “{props.added}”.
          </span>
        ) : null}
      </div>
    </form>
  )
}
