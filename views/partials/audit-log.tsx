import { type AuditEntryView, type AuditKindView, AuditRow } from './audit-row'

/** The id the audit log fills; its filter and paging links swap it. */
export const AUDIT_LOG_ID = 'audit-log'

export const AUDIT_PAGE_SIZE = 50

export interface AuditLogProps {
  entries: AuditEntryView[]
  kind: AuditKindView | undefined
  /** 1-based. */
  page: number
  hasOlder: boolean
}

const pageHref = (kind: AuditKindView | undefined, page: number) => {
  const query = new URLSearchParams()
  if (kind) query.set('kind', kind)
  if (page > 1) query.set('page', String(page))
  const text = query.toString()
  return `/settings${text ? `?${text}` : ''}`
}

function PageLink(props: { kind: AuditKindView | undefined; page: number; label: string }) {
  const href = pageHref(props.kind, props.page)
  return (
    <a class="button secondary" href={href} hx-get={href} hx-target={`#${AUDIT_LOG_ID}`} hx-swap="outerHTML" hx-push-url="true">
      {props.label}
    </a>
  )
}

/** A page of the audit log (newest first), with Newer/Older links. */
/** The event a settings change answers with (HX-Trigger), after which the audit log refetches. */
export const AUDIT_STALE_EVENT = 'audit-changed'

export function AuditLog(props: AuditLogProps) {
  return (
    // Refetched (first page) when a change elsewhere on the page wrote a row: see AUDIT_STALE_EVENT.
    <div id={AUDIT_LOG_ID} hx-get="/settings" hx-trigger={`${AUDIT_STALE_EVENT} from:body`} hx-swap="outerHTML">
      {props.entries.length === 0 ? (
        <p class="card muted">Nothing recorded{props.page > 1 ? ' this far back' : ' yet'}.</p>
      ) : (
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col" class="hide-narrow">
                  Kind
                </th>
                <th scope="col">What</th>
                <th scope="col">Change</th>
                <th scope="col">By</th>
              </tr>
            </thead>
            <tbody>
              {props.entries.map((entry) => (
                <AuditRow entry={entry} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav class="pager" aria-label="Audit log pages">
        {props.page > 1 ? <PageLink kind={props.kind} page={props.page - 1} label="Newer" /> : null}
        <span class="muted">Page {props.page}</span>
        {props.hasOlder ? <PageLink kind={props.kind} page={props.page + 1} label="Older" /> : null}
      </nav>
    </div>
  )
}
