import { TimeAgo } from './time-ago'

/** What an audit entry is about. */
export type AuditKindView = 'setting' | 'auth' | 'health' | 'operator'

/** An audit entry as its row shows it (values are plain JSON, secrets already masked). */
export interface AuditEntryView {
  kind: AuditKindView
  key: string
  action: string
  old_value: unknown
  new_value: unknown
  changed_by: string
  changed_at: string
}

export const AUDIT_KIND_LABELS: Record<AuditKindView, string> = {
  setting: 'Setting',
  auth: 'Sign-in',
  health: 'Health',
  operator: 'Operator',
}

const KIND_TONE: Record<AuditKindView, string> = { setting: '', auth: 'warn', health: 'bad', operator: '' }

function Value(props: { value: unknown }) {
  if (props.value === null || props.value === undefined) return <span class="muted">none</span>
  return <code>{typeof props.value === 'string' ? props.value : JSON.stringify(props.value)}</code>
}

/** What each action reads as; an action not listed shows its code with spaces. */
const ACTION_LABELS: Record<string, string> = {
  override_set: 'override set',
  override_cleared: 'override cleared (back to the default)',
  api_key_regenerated: 'key regenerated',
  auth_succeeded: 'signed in',
  auth_failed: 'sign-in refused',
  core_unreachable: 'became unreachable',
  core_reachable: 'reachable again',
  warning_raised: 'warning raised',
  warning_cleared: 'warning cleared',
  crawler_paused: 'crawler paused',
  crawler_resumed: 'crawler resumed',
  fetch_requested: 'fetch asked for',
}

/** One audit entry; values arrive masked where they are secrets. */
export function AuditRow(props: { entry: AuditEntryView }) {
  const { entry } = props
  return (
    <tr>
      <td>
        <TimeAgo iso={entry.changed_at} />
      </td>
      <td class="hide-narrow">
        <span class={`tag ${KIND_TONE[entry.kind]}`}>{AUDIT_KIND_LABELS[entry.kind]}</span>
      </td>
      <td class="title">
        <code>{entry.key}</code> <span class="muted">{ACTION_LABELS[entry.action] ?? entry.action.replaceAll('_', ' ')}</span>
      </td>
      <td class="title">
        <Value value={entry.old_value} /> → <Value value={entry.new_value} />
      </td>
      <td>{entry.changed_by}</td>
    </tr>
  )
}
