import { and, count, desc, eq, gte, inArray, lt, lte, ne, type SQL, sql } from 'drizzle-orm'
import type { EvidenceEffect, EvidenceRecord, EvidenceReport, EvidenceResult, EvidenceStore, WebhookBatchStatus } from '../../evidence'
import { bytesToHex } from '../../metainfo'
import { writeTransaction } from '../sqlite-file'
import type { DatabaseHandle } from './open-database'
import { asPortMethods } from './port-call'
import * as schema from './schema'

const { evidence, evidenceCount, evidenceWebhookBatches: batches, torrents, groundTruthLabels } = schema

const hashOf = (infoHash: string) => Buffer.from(infoHash, 'hex')

/** The evidence table and what a report does to its torrent (its counters, its ground-truth label). */
export function createSqliteEvidenceStore(db: DatabaseHandle): EvidenceStore {
  const { orm } = db
  const countAll = (): number => orm.select({ reports: evidenceCount.reports }).from(evidenceCount).get()?.reports ?? 0

  const findOriginal = (report: EvidenceReport & { infoHash: string }, windowMs: number): number | null => {
    const since = new Date(Date.parse(report.receivedAt) - windowMs).toISOString()
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
  }

  const applyEffect = (infoHash: string, effect: EvidenceEffect, labelledBy: string, labelledAt: number) => {
    // A no-op for a torrent not indexed yet: the ingest's catch-up scores it from the reports on arrival.
    if (effect.grabs !== 0 || effect.scoreDelta !== 0)
      orm
        .update(torrents)
        .set({ grabs: sql`${torrents.grabs} + ${effect.grabs}`, evidenceScore: sql`${torrents.evidenceScore} + ${effect.scoreDelta}` })
        .where(eq(torrents.infoHash, hashOf(infoHash)))
        .run()
    const { label } = effect
    if (!label) return
    const row = {
      contentType: label.contentType,
      title: label.title,
      year: label.year,
      seasons: label.seasons,
      episodes: label.episodes,
      imdbId: label.imdb,
      tmdbId: label.tmdb,
      tvdbId: label.tvdb,
      tvmazeId: label.tvmaze,
      labelledBy,
      labelledAt,
    }
    // Keyed by hash: a label for a torrent not indexed yet waits for it.
    orm
      .insert(groundTruthLabels)
      .values({ infoHash: hashOf(infoHash), ...row })
      .onConflictDoUpdate({ target: groundTruthLabels.infoHash, set: row })
      .run()
  }

  const methods = {
    // The record and its effects commit together: a report is never counted without being kept.
    record: writeTransaction(
      db.sqlite,
      (report: EvidenceReport, effect: EvidenceEffect, options: { duplicateWindowMs: number; labelledAt: number }): EvidenceResult => {
        const infoHash = report.infoHash
        const original = infoHash ? findOriginal({ ...report, infoHash }, options.duplicateWindowMs) : null
        const result = original === null ? report.result : 'duplicate'
        orm
          .insert(evidence)
          .values({
            infoHash: infoHash ? hashOf(infoHash) : null,
            instance: report.instance,
            client: report.client,
            event: report.event,
            type: report.type,
            result,
            occurredAt: report.occurredAt,
            receivedAt: report.receivedAt,
            payload: original === null ? report.payload : '',
            duplicateOf: original,
          })
          .run()
        if (result !== 'duplicate' && infoHash) applyEffect(infoHash, effect, report.instance, options.labelledAt)
        return result
      },
    ),

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
      // The count of all reports is the counter the triggers keep: no walk of the table.
      const total = where ? orm.select({ n: count() }).from(evidence).where(where).get()!.n : countAll()
      return { total, items: rows.map((row) => ({ ...row, infoHash: row.infoHash ? bytesToHex(row.infoHash) : null })) }
    },

    countAll,

    payloadBytes: (): number => orm.select({ bytes: evidenceCount.payloadBytes }).from(evidenceCount).get()?.bytes ?? 0,

    // Through the evidence_with_payload index, so the reports already pruned are not walked again.
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

    listWebhookBatches(options: { status?: WebhookBatchStatus; limit: number }) {
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
  return asPortMethods(methods)
}
