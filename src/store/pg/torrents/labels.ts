import type { SQL } from 'bun'
import type { GroundTruthLabel } from '../../../classify'
import type { ContentType } from '../../../vocabulary'
import { bytesToHex } from '../../../metainfo'
import { intOrNull } from '../pools'

/**
 * The ground-truth labels kept for these hashes (40 hex → label), each with the client kind of
 * the instance that labelled it, from its latest successful report on the torrent. Empty at once
 * while the index holds no label at all (most indexes).
 */
export async function labelsOf(tx: SQL, hashes: readonly Uint8Array[]): Promise<Map<string, GroundTruthLabel>> {
  const labels = new Map<string, GroundTruthLabel>()
  if (hashes.length === 0) return labels
  const rows = await tx`SELECT g.*, (SELECT e.client FROM evidence e
       WHERE e.info_hash = g.info_hash AND e.instance = g.labelled_by AND e.result = 'success' AND e.type <> 'grab'
       ORDER BY e.id DESC LIMIT 1) AS client
     FROM ground_truth_labels g WHERE g.info_hash = ANY(${hashes}::bytea[])`
  for (const row of rows)
    labels.set(bytesToHex(row.info_hash), {
      contentType: row.content_type as ContentType,
      title: row.title,
      year: row.year,
      seasons: JSON.parse(row.seasons) as number[],
      episodes: JSON.parse(row.episodes) as number[],
      imdb: row.imdb_id,
      tmdb: intOrNull(row.tmdb_id),
      tvdb: intOrNull(row.tvdb_id),
      tvmaze: intOrNull(row.tvmaze_id),
      source: { instance: row.labelled_by, client: row.client ?? null },
    })
  return labels
}

/** Whether any label exists: while none does, no torrent's is looked up. */
export async function hasAnyLabel(tx: SQL): Promise<boolean> {
  const [row] = await tx`SELECT EXISTS (SELECT 1 FROM ground_truth_labels) AS found`
  return row.found === true
}
