import type { SQL } from 'bun'
import type {
  EvidenceEffect,
  EvidenceRecord,
  EvidenceReport,
  EvidenceResult,
  EvidenceStore,
  WebhookBatchStatus,
  WebhookBatchSummary,
} from '../../../evidence'
import { int, intOrNull, pgCall } from '../pools'

const hashOf = (infoHash: string) => Buffer.from(infoHash, 'hex')

interface EvidenceRow extends Omit<EvidenceRecord, 'id' | 'infoHash' | 'duplicateOf'> {
  id: string
  infoHash: Buffer | null
  duplicateOf: string | null
}

/** The evidence table and what a report does to its torrent (its counters, its ground-truth label). */
export function createPgEvidenceStore(sql: SQL): EvidenceStore {
  const countAll = pgCall(async () => {
    const [row] = await sql`SELECT reports FROM evidence_count WHERE id = 1`
    return row ? int(row.reports) : 0
  })

  const findOriginal = async (tx: SQL, report: EvidenceReport & { infoHash: string }, windowMs: number): Promise<number | null> => {
    const since = new Date(Date.parse(report.receivedAt) - windowMs).toISOString()
    const [found] = await tx`SELECT id FROM evidence
      WHERE info_hash = ${hashOf(report.infoHash)} AND received_at >= ${since} AND received_at <= ${report.receivedAt}
        AND client = ${report.client} AND type = ${report.type} AND result <> 'duplicate'
      ORDER BY id LIMIT 1`
    return found ? int(found.id) : null
  }

  const applyEffect = async (tx: SQL, infoHash: string, effect: EvidenceEffect, labelledBy: string, labelledAt: number) => {
    // A no-op for a torrent not indexed yet: the ingest's catch-up scores it from the reports on arrival.
    if (effect.grabs !== 0 || effect.scoreDelta !== 0)
      await tx`UPDATE torrents SET grabs = grabs + ${effect.grabs}, evidence_score = evidence_score + ${effect.scoreDelta}
        WHERE info_hash = ${hashOf(infoHash)}`
    const { label } = effect
    if (!label) return
    // Keyed by hash: a label for a torrent not indexed yet waits for it.
    await tx`INSERT INTO ground_truth_labels
        (info_hash, content_type, title, year, seasons, episodes, imdb_id, tmdb_id, tvdb_id, tvmaze_id, labelled_by, labelled_at)
      VALUES (${hashOf(infoHash)}, ${label.contentType}, ${label.title}, ${label.year}, ${JSON.stringify(label.seasons)},
        ${JSON.stringify(label.episodes)}, ${label.imdb}, ${label.tmdb}, ${label.tvdb}, ${label.tvmaze}, ${labelledBy}, ${labelledAt})
      ON CONFLICT (info_hash) DO UPDATE SET content_type = excluded.content_type, title = excluded.title, year = excluded.year,
        seasons = excluded.seasons, episodes = excluded.episodes, imdb_id = excluded.imdb_id, tmdb_id = excluded.tmdb_id,
        tvdb_id = excluded.tvdb_id, tvmaze_id = excluded.tvmaze_id, labelled_by = excluded.labelled_by, labelled_at = excluded.labelled_at`
  }

  return {
    // The record and its effects commit together: a report is never counted without being kept.
    record: pgCall((report: EvidenceReport, effect: EvidenceEffect, options: { duplicateWindowMs: number; labelledAt: number }) =>
      sql.begin(async (tx): Promise<EvidenceResult> => {
        const infoHash = report.infoHash
        // Reports of one torrent take turns (SQLite's single writer does the same), so two
        // processes receiving the same report at once record one original and one duplicate.
        if (infoHash) await tx`SELECT pg_advisory_xact_lock(hashtextextended(${`evidence:${infoHash}`}, 0))`
        const original = infoHash ? await findOriginal(tx, { ...report, infoHash }, options.duplicateWindowMs) : null
        const result = original === null ? report.result : 'duplicate'
        await tx`INSERT INTO evidence (info_hash, instance, client, event, type, result, occurred_at, received_at, payload, duplicate_of)
          VALUES (${infoHash ? hashOf(infoHash) : null}, ${report.instance}, ${report.client}, ${report.event}, ${report.type}, ${result},
            ${report.occurredAt}, ${report.receivedAt}, ${original === null ? report.payload : ''}, ${original})`
        if (result !== 'duplicate' && infoHash) await applyEffect(tx, infoHash, effect, report.instance, options.labelledAt)
        return result
      }),
    ),

    list: pgCall(async (options: { infoHash?: string; limit: number; offset: number }) => {
      const hash = options.infoHash ? hashOf(options.infoHash) : null
      const rows: EvidenceRow[] = await sql`SELECT id, info_hash AS "infoHash", instance, client, event, type, result,
          occurred_at AS "occurredAt", received_at AS "receivedAt", payload, duplicate_of AS "duplicateOf"
        FROM evidence WHERE ${hash === null ? sql`true` : sql`info_hash = ${hash}`}
        ORDER BY received_at DESC, id DESC LIMIT ${options.limit} OFFSET ${options.offset}`
      // The count of all reports is the counter the triggers keep: no walk of the table.
      const total = hash === null ? await countAll() : int((await sql`SELECT count(*) AS n FROM evidence WHERE info_hash = ${hash}`)[0].n)
      const items = rows.map(
        (row): EvidenceRecord => ({
          ...row,
          id: int(row.id),
          infoHash: row.infoHash ? row.infoHash.toString('hex') : null,
          duplicateOf: intOrNull(row.duplicateOf),
        }),
      )
      return { total, items }
    }),

    countAll,

    payloadBytes: pgCall(async () => {
      const [row] = await sql`SELECT payload_bytes FROM evidence_count WHERE id = 1`
      return row ? int(row.payload_bytes) : 0
    }),

    // Through the evidence_with_payload index, so the reports already pruned are not walked again.
    prunePayloads: pgCall(async (limit: number, before?: string) => {
      const result = await sql`UPDATE evidence SET payload = '' WHERE id IN (
          SELECT id FROM evidence WHERE payload <> '' ${before ? sql`AND received_at < ${before}` : sql``} ORDER BY id LIMIT ${limit})`
      return result.count
    }),

    listWebhookBatches: pgCall(async (options: { status?: WebhookBatchStatus; limit: number }) => {
      const rows: WebhookBatchSummary[] = await sql`SELECT batch_id AS "batchId", status, items, attempts,
          created_at AS "createdAt", finished_at AS "finishedAt"
        FROM evidence_webhook_batches WHERE ${options.status ? sql`status = ${options.status}` : sql`true`}
        ORDER BY created_at DESC, batch_id COLLATE "C" DESC LIMIT ${options.limit}`
      return [...rows]
    }),
  }
}
