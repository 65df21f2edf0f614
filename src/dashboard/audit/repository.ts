import { desc, eq } from 'drizzle-orm'
import type { StoreOrm } from '../store/open-store'
import { auditLog } from '../store/schema'
import type { AuditKind, AuditLogEntry } from './model'

type Row = typeof auditLog.$inferSelect

const readJson = (text: string | null): unknown => (text === null ? null : JSON.parse(text))

const toEntry = (row: Row): AuditLogEntry => ({
  id: String(row.id),
  kind: row.kind,
  key: row.key,
  action: row.action,
  old_value: readJson(row.oldValue),
  new_value: readJson(row.newValue),
  changed_by: row.changedBy,
  changed_at: row.changedAt,
})

/** Owner of audit_log. Append and read only: the table's triggers refuse updates and deletes. */
export function createAuditRepository(orm: StoreOrm) {
  return {
    append(row: typeof auditLog.$inferInsert): void {
      orm.insert(auditLog).values(row).run()
    },
    /** Newest first, skipping the newest `offset`; every kind when `kind` is undefined. */
    list(limit: number, kind?: AuditKind, offset = 0): AuditLogEntry[] {
      return orm
        .select()
        .from(auditLog)
        .where(kind ? eq(auditLog.kind, kind) : undefined)
        .orderBy(desc(auditLog.id))
        .limit(limit)
        .offset(offset)
        .all()
        .map(toEntry)
    },
  }
}

export type AuditRepository = ReturnType<typeof createAuditRepository>
