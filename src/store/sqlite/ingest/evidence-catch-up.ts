import type { Database } from 'bun:sqlite'
import type { EvidenceTally } from '../../../evidence'
import type { WritePolicies } from '../../../ingest'

/**
 * Evidence that arrived before its torrent (an *arr app grabbed it from another indexer, then
 * the crawler found it): when the torrent is first stored, its grabs and evidence score are made
 * what the recorded reports add up to, by the evidence's own scorer. Labels need nothing here:
 * they are keyed by hash and read by the classifier.
 */
// Prepared statements: this runs inside the ingest writer's batches, once per new torrent.
export function createEvidenceCatchUp(db: Database, scoreEvidence: WritePolicies['scoreEvidence']) {
  const any = db.prepare<{ found: number }, []>('SELECT EXISTS (SELECT 1 FROM evidence WHERE info_hash IS NOT NULL) AS found')
  const tallies = db.prepare<EvidenceTally, [Uint8Array]>(
    'SELECT type, result, count(*) AS count FROM evidence WHERE info_hash = ? GROUP BY type, result',
  )
  const setScore = db.prepare<unknown, [number, number, number]>('UPDATE torrents SET grabs = ?, evidence_score = ? WHERE id = ?')
  return {
    /** Most batches meet an index without any evidence; then the per-torrent update is skipped. */
    hasAny: (): boolean => any.get()!.found === 1,
    apply(infoHash: Uint8Array, torrentId: number): void {
      const rows: EvidenceTally[] = tallies.all(infoHash)
      if (rows.length === 0) return
      const { grabs, score } = scoreEvidence(rows)
      setScore.run(grabs, score, torrentId)
    },
  }
}

export type EvidenceCatchUp = ReturnType<typeof createEvidenceCatchUp>
