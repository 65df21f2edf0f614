/**
 * What an action just did, where it was asked for: polite news, or an alert when it failed. Always
 * rendered (empty before any action) so htmx has a target to swap.
 */
export function ActionStatus(props: { id: string; message?: string; isError?: boolean }) {
  return (
    <p id={props.id} class={props.isError ? 'action-status error' : 'action-status'} role={props.isError ? 'alert' : 'status'}>
      {props.message ?? ''}
    </p>
  )
}
