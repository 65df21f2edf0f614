import { WantFields, type WantFormErrors, type WantFormValues } from './want-fields'
import { type WantView, wantRowId } from './want-row'

/** A want's row turned into its edit form (Save swaps back the row; Cancel fetches it unchanged). */
export function WantEditRow(props: { want: WantView; values: WantFormValues; errors: WantFormErrors }) {
  const { want } = props
  const url = `/wants/${encodeURIComponent(want.id)}`
  const row = { 'hx-target': `#${wantRowId(want.id)}`, 'hx-swap': 'outerHTML' }
  return (
    <tr id={wantRowId(want.id)} class="editing">
      <td colspan={6}>
        <form hx-put={url} {...row} aria-label={`Edit ${want.title}`}>
          <WantFields prefix={`edit-${want.id}`} values={props.values} errors={props.errors} takesFocus />
          <div class="want-actions">
            <button type="submit">Save</button>
            <button type="button" class="secondary" hx-get={`${url}/row`} {...row}>
              Cancel
            </button>
          </div>
        </form>
      </td>
    </tr>
  )
}
