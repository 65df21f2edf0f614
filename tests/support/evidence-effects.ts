/**
 * What a counted *arr report leaves on a torrent, written straight to a SQLite index for tests
 * that need a label or grabs without the report itself (the store writes them with the report,
 * EvidenceStore.record).
 */
import type { GroundTruthLabel } from '../../src/classify'
import type { DatabaseHandle } from '../../src/db'

export function setLabel(db: DatabaseHandle, infoHash: string, label: GroundTruthLabel, labelledBy: string, labelledAt: number): void {
  db.sqlite.run(
    `INSERT INTO ground_truth_labels (info_hash, content_type, title, year, seasons, episodes, imdb_id, tmdb_id, tvdb_id, tvmaze_id, labelled_by, labelled_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (info_hash) DO UPDATE SET content_type = excluded.content_type, title = excluded.title, year = excluded.year,
       seasons = excluded.seasons, episodes = excluded.episodes, imdb_id = excluded.imdb_id, tmdb_id = excluded.tmdb_id,
       tvdb_id = excluded.tvdb_id, tvmaze_id = excluded.tvmaze_id, labelled_by = excluded.labelled_by, labelled_at = excluded.labelled_at`,
    [
      Buffer.from(infoHash, 'hex'),
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
      labelledAt,
    ],
  )
}

export function addGrab(db: DatabaseHandle, infoHash: string, weight: number): void {
  db.sqlite.run('UPDATE torrents SET grabs = grabs + 1, evidence_score = evidence_score + ? WHERE info_hash = ?', [
    weight,
    Buffer.from(infoHash, 'hex'),
  ])
}
