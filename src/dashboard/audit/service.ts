import type { AuditEntry, AuditKind, AuditLogEntry, AuditRecord } from './model'
import type { AuditRepository, AuditRow } from '../store'

/** Spec 4.1: a listing without `limit` returns the newest 100. */
const DEFAULT_LIMIT = 100

const writeJson = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value))

const readJson = (text: string | null): unknown => (text === null ? null : JSON.parse(text))

const toEntry = (row: AuditRow): AuditLogEntry => ({
  id: String(row.id),
  kind: row.kind,
  key: row.key,
  action: row.action,
  old_value: readJson(row.oldValue),
  new_value: readJson(row.newValue),
  changed_by: row.changedBy,
  changed_at: row.changedAt,
})

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
      return deps.repository.list(limit, 'setting').map((row) => {
        const { id: _id, kind: _kind, ...entry } = toEntry(row)
        return entry
      })
    },
    /** Newest first; `offset` skips the newest rows (the settings page reads it a page at a time). */
    list(options: { limit?: number; kind?: AuditKind; offset?: number } = {}): AuditLogEntry[] {
      return deps.repository.list(options.limit ?? DEFAULT_LIMIT, options.kind, options.offset).map(toEntry)
    },
  }
}

export type AuditService = ReturnType<typeof createAuditService>
