import type { AuditEntry, AuditKind, AuditLogEntry, AuditRecord } from './model'
import type { AuditRepository } from './repository'

/** Spec 4.1: a listing without `limit` returns the newest 100. */
const DEFAULT_LIMIT = 100

const writeJson = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value))

/**
 * The append-only audit log (DESIGN.md 3.10): settings changes, auth events, health transitions.
 * There is deliberately no way to change or remove a row.
 */
export function createAuditService(deps: { repository: AuditRepository; now?: () => Date }) {
  const now = deps.now ?? (() => new Date())
  return {
    record(entry: AuditRecord): void {
      deps.repository.append({
        kind: entry.kind,
        key: entry.key,
        action: entry.action,
        oldValue: writeJson(entry.oldValue),
        newValue: writeJson(entry.newValue),
        changedBy: entry.changedBy,
        changedAt: now().toISOString(),
      })
    },
    /** Settings changes only, in the spec's shape (no id, no kind). */
    listSettingChanges(limit = DEFAULT_LIMIT): AuditEntry[] {
      return deps.repository.list(limit, 'setting').map(({ id: _id, kind: _kind, ...entry }) => entry)
    },
    /** Newest first; `offset` skips the newest rows (the settings page reads it a page at a time). */
    list(options: { limit?: number; kind?: AuditKind; offset?: number } = {}): AuditLogEntry[] {
      return deps.repository.list(options.limit ?? DEFAULT_LIMIT, options.kind, options.offset)
    },
  }
}

export type AuditService = ReturnType<typeof createAuditService>
