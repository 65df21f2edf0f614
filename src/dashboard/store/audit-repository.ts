import { desc, eq } from 'drizzle-orm'
import type { StoreOrm } from './open-store'
import { auditLog } from './schema'

export type AuditRow = typeof auditLog.$inferSelect

/** Owner of audit_log. Append and read only: the table's triggers refuse updates and deletes. */
export function createAuditRepository(orm: StoreOrm) {
  return {
    append(row: typeof auditLog.$inferInsert): void {
      orm.insert(auditLog).values(row).run()
    },
    /** Newest first, skipping the newest `offset`; every kind when `kind` is undefined. */
    list(limit: number, kind?: AuditRow['kind'], offset = 0): AuditRow[] {
      return orm
        .select()
        .from(auditLog)
        .where(kind ? eq(auditLog.kind, kind) : undefined)
        .orderBy(desc(auditLog.id))
        .limit(limit)
        .offset(offset)
        .all()
    },
  }
}

export type AuditRepository = ReturnType<typeof createAuditRepository>
