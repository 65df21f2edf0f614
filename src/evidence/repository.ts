import { and, count, desc, eq, gte, inArray, lt, lte, ne, type SQL } from 'drizzle-orm'
import type { DatabaseHandle } from '../db'
import { schema } from '../db'
import { bytesToHex } from '../metainfo'
import type { EvidenceRecord, EvidenceReport, EvidenceResult } from './model'

const { evidence, evidenceCount, evidenceWebhookBatches: batches } = schema

export type WebhookBatchStatus = (typeof batches.$inferSelect)['status']

/** An outbound webhook batch as an operator sees it. */
export type WebhookBatchSummary = Pick<
  typeof batches.$inferSelect,
  'batchId' | 'status' | 'items' | 'attempts' | 'createdAt' | 'finishedAt'
>

/**
 * Reports of one (client kind, type, torrent) this close together are one report, repeated,
 * whatever instance name they came under: the name is only a path segment, and the same grab
 * posted under sonarr-1 ... sonarr-50 would otherwise count 50 grabs. Two real instances of one
 * kind grabbing, importing or failing the same torrent within a minute is rare; an import or a
 * failure moves the score ten times as much as a grab, so the rule holds for every type.
 */
export const DUPLICATE_WINDOW_MS = 60_000

/** The evidence table: the reports as they came, newest first on reading. */
export function createEvidenceRepository(db: DatabaseHandle) {
  const { orm } = db
  const hashOf = (infoHash: string) => Buffer.from(infoHash, 'hex')
  const countAll = (): number => orm.select({ reports: evidenceCount.reports }).from(evidenceCount).get()?.reports ?? 0
  return {
    /** The report this one repeats: the same one recorded (not as a duplicate) in the 60 s before `receivedAt`. */
    findOriginal(report: EvidenceReport): number | null {
      if (!report.infoHash) return null
      const since = new Date(Date.parse(report.receivedAt) - DUPLICATE_WINDOW_MS).toISOString()
      const found = orm
        .select({ id: evidence.id })
        .from(evidence)
        .where(
          and(
            eq(evidence.infoHash, hashOf(report.infoHash)),
            gte(evidence.receivedAt, since),
            lte(evidence.receivedAt, report.receivedAt),
            eq(evidence.client, report.client),
            eq(evidence.type, report.type),
            ne(evidence.result, 'duplicate'),
          ),
        )
        .orderBy(evidence.id)
        .limit(1)
        .get()
      return found?.id ?? null
    },
    /** Records a report; a duplicate keeps no body of its own, only the id of the report it repeats. */
    record(report: EvidenceReport, result: EvidenceResult, duplicateOf: number | null = null): number {
      const [row] = orm
        .insert(evidence)
        .values({
          infoHash: report.infoHash ? hashOf(report.infoHash) : null,
          instance: report.instance,
          client: report.client,
          event: report.event,
          type: report.type,
          result,
          occurredAt: report.occurredAt,
          receivedAt: report.receivedAt,
          payload: duplicateOf === null ? report.payload : '',
          duplicateOf,
        })
        .returning({ id: evidence.id })
        .all()
      return row!.id
    },
    /** Newest first; for one torrent when `infoHash` is given. */
    list(options: { infoHash?: string; limit: number; offset: number }): { total: number; items: EvidenceRecord[] } {
      const where = options.infoHash ? eq(evidence.infoHash, hashOf(options.infoHash)) : undefined
      const rows = orm
        .select()
        .from(evidence)
        .where(where)
        .orderBy(desc(evidence.receivedAt), desc(evidence.id))
        .limit(options.limit)
        .offset(options.offset)
        .all()
      const total = where ? orm.select({ n: count() }).from(evidence).where(where).get()!.n : countAll()
      return { total, items: rows.map(toRecord) }
    },
    /** Reports recorded, duplicates included: the counter its triggers keep (no walk of the table). */
    countAll,
    /** Bytes of the bodies reports keep: the counter its triggers keep. */
    payloadBytes: (): number => orm.select({ bytes: evidenceCount.payloadBytes }).from(evidenceCount).get()?.bytes ?? 0,
    /**
     * Empties the bodies of up to `limit` reports, the oldest first (received before `before`,
     * when given), leaving their facts; returns how many. Through evidence_with_payload, so the
     * reports already pruned are not walked again.
     */
    prunePayloads(limit: number, before?: string): number {
      const clauses: SQL[] = [ne(evidence.payload, '')]
      if (before) clauses.push(lt(evidence.receivedAt, before))
      const oldest = orm
        .select({ id: evidence.id })
        .from(evidence)
        .where(and(...clauses))
        .orderBy(evidence.id)
        .limit(limit)
      return orm.update(evidence).set({ payload: '' }).where(inArray(evidence.id, oldest)).returning({ id: evidence.id }).all().length
    },
    /** Outbound webhook batches, newest first, of one status when given. */
    listWebhookBatches(options: { status?: WebhookBatchStatus; limit: number }): WebhookBatchSummary[] {
      return orm
        .select({
          batchId: batches.batchId,
          status: batches.status,
          items: batches.items,
          attempts: batches.attempts,
          createdAt: batches.createdAt,
          finishedAt: batches.finishedAt,
        })
        .from(batches)
        .where(options.status ? eq(batches.status, options.status) : undefined)
        .orderBy(desc(batches.createdAt), desc(batches.batchId))
        .limit(options.limit)
        .all()
    },
  }
}

export type EvidenceRepository = ReturnType<typeof createEvidenceRepository>

function toRecord(row: typeof evidence.$inferSelect): EvidenceRecord {
  return { ...row, infoHash: row.infoHash ? bytesToHex(row.infoHash) : null }
}
