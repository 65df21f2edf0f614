import { t } from 'elysia'

/** operator: actions on the core itself (the crawler's pause, fetches by hash). */
export const AUDIT_KINDS = ['setting', 'auth', 'health', 'operator'] as const
export type AuditKind = (typeof AUDIT_KINDS)[number]

/** One row to append. Values are plain JSON; callers mask secrets before they get here. */
export interface AuditRecord {
  kind: AuditKind
  key: string
  action: string
  oldValue?: unknown
  newValue?: unknown
  changedBy: string
}

/** An audit entry as /api/settings/audit shows it (spec 2.1). */
export interface AuditEntry {
  key: string
  action: string
  old_value: unknown
  new_value: unknown
  changed_by: string
  changed_at: string
}

/** An entry of /api/audit, which lists every kind (DESIGN.md 3.10). */
export interface AuditLogEntry extends AuditEntry {
  id: string
  kind: AuditKind
}

/** Spec 8: 1-1000. A pattern rather than a number, so every bad form gets the same message naming `limit`. */
const Limit = t.Optional(t.String({ pattern: '^(1000|[1-9][0-9]{0,2})$', error: 'must be a whole number from 1 to 1000' }))

export const SettingsAuditQuery = t.Object({ limit: Limit })

export const AuditQuery = t.Object({
  limit: Limit,
  // Literals, not t.UnionEnum: Elysia fills an absent UnionEnum with its first value.
  kind: t.Optional(
    t.Union(
      AUDIT_KINDS.map((kind) => t.Literal(kind)),
      { error: `must be one of ${AUDIT_KINDS.join(', ')}` },
    ),
  ),
})
