import type { Database } from 'bun:sqlite'
import { hexToBytes, bytesToHex } from '../metainfo'
import type { EvidenceRecord, EvidenceReport, EvidenceResult, LabelFacts } from './model'

/** Reports of one (instance, type, torrent) this close together are one report, repeated. */
export const DUPLICATE_WINDOW_MS = 60_000

interface EvidenceRow {
  id: number
  info_hash: Uint8Array | null
  instance: string
  client: EvidenceRecord['client']
  event: string
  type: EvidenceRecord['type']
  result: EvidenceResult
  occurred_at: string
  received_at: string
  payload: string
}

/** The evidence tables and the torrent columns evidence moves (grabs, evidence score, labels). */
export function createEvidenceRepository(db: Database) {
  const insert = db.prepare(
    `INSERT INTO evidence (info_hash, instance, client, event, type, result, occurred_at, received_at, payload)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const recent = db.prepare<{ found: number }, [string, string, Uint8Array, string, string]>(
    `SELECT EXISTS (SELECT 1 FROM evidence WHERE instance = ? AND type = ? AND info_hash = ? AND received_at >= ? AND received_at <= ?
       AND result != 'duplicate') AS found`,
  )
  const addGrab = db.prepare('UPDATE torrents SET grabs = grabs + 1, evidence_score = evidence_score + ? WHERE info_hash = ?')
  const adjustScore = db.prepare('UPDATE torrents SET evidence_score = evidence_score + ? WHERE info_hash = ?')
  const upsertLabel = db.prepare(
    `INSERT INTO ground_truth_labels (info_hash, content_type, title, year, seasons, episodes, imdb_id, tmdb_id, tvdb_id, tvmaze_id, labelled_by, labelled_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (info_hash) DO UPDATE SET content_type = excluded.content_type, title = excluded.title, year = excluded.year,
       seasons = excluded.seasons, episodes = excluded.episodes, imdb_id = excluded.imdb_id, tmdb_id = excluded.tmdb_id,
       tvdb_id = excluded.tvdb_id, tvmaze_id = excluded.tvmaze_id, labelled_by = excluded.labelled_by, labelled_at = excluded.labelled_at`,
  )
  const countAll = db.prepare<{ n: number }, []>('SELECT count(*) AS n FROM evidence')
  const countFor = db.prepare<{ n: number }, [Uint8Array]>('SELECT count(*) AS n FROM evidence WHERE info_hash = ?')
  const pageAll = db.prepare<EvidenceRow, [number, number]>('SELECT * FROM evidence ORDER BY received_at DESC, id DESC LIMIT ? OFFSET ?')
  const pageFor = db.prepare<EvidenceRow, [Uint8Array, number, number]>(
    'SELECT * FROM evidence WHERE info_hash = ? ORDER BY received_at DESC, id DESC LIMIT ? OFFSET ?',
  )

  return {
    /** Whether the same report was recorded (not as a duplicate) in the 60 s before `receivedAt`. */
    isRepeat(report: EvidenceReport): boolean {
      if (!report.infoHash) return false
      const since = new Date(Date.parse(report.receivedAt) - DUPLICATE_WINDOW_MS).toISOString()
      return recent.get(report.instance, report.type, hexToBytes(report.infoHash), since, report.receivedAt)!.found === 1
    },
    record(report: EvidenceReport, result: EvidenceResult): number {
      const hash = report.infoHash ? hexToBytes(report.infoHash) : null
      return Number(
        insert.run(
          hash,
          report.instance,
          report.client,
          report.event,
          report.type,
          result,
          report.occurredAt,
          report.receivedAt,
          report.payload,
        ).lastInsertRowid,
      )
    },
    /** No-ops for a torrent not in the index yet: the catch-up applies its evidence when it arrives. */
    addGrab: (infoHash: string, weight: number): void => void addGrab.run(weight, hexToBytes(infoHash)),
    adjustScore: (infoHash: string, by: number): void => void adjustScore.run(by, hexToBytes(infoHash)),
    label(infoHash: string, label: LabelFacts, labelledBy: string, nowSeconds: number): void {
      upsertLabel.run(
        hexToBytes(infoHash),
        label.contentType,
        label.title,
        label.year,
        JSON.stringify(label.seasons),
        JSON.stringify(label.episodes),
        label.imdb,
        label.tmdb,
        label.tvdb,
        label.tvmaze,
        labelledBy,
        nowSeconds,
      )
    },
    /** Newest first; for one torrent when `infoHash` is given. */
    list(options: { infoHash?: string; limit: number; offset: number }): { total: number; items: EvidenceRecord[] } {
      const hash = options.infoHash ? hexToBytes(options.infoHash) : null
      const rows = hash ? pageFor.all(hash, options.limit, options.offset) : pageAll.all(options.limit, options.offset)
      const total = hash ? countFor.get(hash)!.n : countAll.get()!.n
      return { total, items: rows.map(toRecord) }
    },
  }
}

export type EvidenceRepository = ReturnType<typeof createEvidenceRepository>

function toRecord(row: EvidenceRow): EvidenceRecord {
  return {
    id: row.id,
    infoHash: row.info_hash ? bytesToHex(row.info_hash) : null,
    instance: row.instance,
    client: row.client,
    event: row.event,
    type: row.type,
    result: row.result,
    occurredAt: row.occurred_at,
    receivedAt: row.received_at,
    payload: row.payload,
  }
}
