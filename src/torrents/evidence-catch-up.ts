import type { Database } from 'bun:sqlite'
import type { EvidenceConfig } from '../config'

/**
 * Evidence that arrived before its torrent (an *arr app grabbed it from another indexer, then
 * the crawler found it): when the torrent is first stored, its grabs and evidence score are
 * made what the recorded reports add up to. Labels need nothing here: they are keyed by hash
 * and read by the classifier.
 */
// Prepared statements: this runs inside the ingest writer's batches, once per new torrent.
export function createEvidenceCatchUp(db: Database, weights: EvidenceConfig['weights']) {
  const any = db.prepare<{ found: number }, []>('SELECT EXISTS (SELECT 1 FROM evidence WHERE info_hash IS NOT NULL) AS found')
  const apply = db.prepare<unknown, [Uint8Array, number, number, number, Uint8Array, number]>(
    `UPDATE torrents SET
       grabs = (SELECT count(*) FROM evidence WHERE info_hash = ? AND type = 'grab' AND result = 'success'),
       evidence_score = (SELECT coalesce(sum(CASE WHEN result = 'failed' THEN -? WHEN type = 'grab' THEN ? ELSE ? END), 0.0)
                         FROM evidence WHERE info_hash = ? AND result != 'duplicate')
     WHERE id = ?`,
  )
  return {
    /** Most batches meet an index without any evidence; then the per-torrent update is skipped. */
    hasAny: (): boolean => any.get()!.found === 1,
    apply(infoHash: Uint8Array, torrentId: number): void {
      apply.run(infoHash, weights.failurePenalty, weights.grab, weights.success, infoHash, torrentId)
    },
  }
}

export type EvidenceCatchUp = ReturnType<typeof createEvidenceCatchUp>
