import type { Database } from 'bun:sqlite'
import type { CarriedFacts, CarriedLabel, IngestItem } from '../ingest'
import { type FileType, hexToBytes, type TorrentFile } from '../metainfo'

/**
 * Stores what an export line carries beyond the torrent (its label, operator tags and grabs)
 * inside the ingest writer's transaction, so a torrent and what it brings land together. Nothing
 * here takes away what this index holds, whoever wrote the file:
 * - a label becomes ground truth only where this index has none for the hash: its own *arr apps'
 *   labels (and one imported earlier) stay, and a later webhook of its own replaces an imported one;
 * - tags are added as the operator's, none removed;
 * - grabs only rise to the count given, so importing a file twice does not count its grabs twice;
 * - a v2 hash is kept only for a torrent the line brings, never added to one already stored.
 * What a label cannot do is decided elsewhere and holds for every label: a blocked hash is refused
 * before anything is stored, and the rules still run, so banned content is deleted whatever it says.
 * Prepared statements, as the writer's: this runs once per torrent of an import that carries any.
 */
export function createCarriedFactsWriter(db: Database) {
  const insertLabel = db.prepare(
    `INSERT INTO ground_truth_labels (info_hash, content_type, title, year, seasons, episodes, imdb_id, tmdb_id, tvdb_id,
       tvmaze_id, labelled_by, labelled_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (info_hash) DO NOTHING`,
  )
  // A tag a rule had set becomes the operator's, as a tag set through GraphQL does.
  const addTag = db.prepare(
    'INSERT INTO torrent_tags (torrent_id, tag, by_rule) VALUES (?, ?, 0) ON CONFLICT (torrent_id, tag) DO UPDATE SET by_rule = 0',
  )
  const raiseGrabs = db.prepare('UPDATE torrents SET grabs = ? WHERE id = ? AND grabs < ?')
  const setHashV2 = db.prepare('UPDATE torrents SET info_hash_v2 = ? WHERE id = ?')
  const torrentOf = db.prepare<{ name: string; size: number; files_count: number | null }, [number]>(
    'SELECT name, size, files_count FROM torrents WHERE id = ?',
  )
  const filesOf = db.prepare<{ file_index: number; path: string; size: number; extension: string | null; file_type: string }, [number]>(
    'SELECT file_index, path, size, extension, file_type FROM torrent_files WHERE torrent_id = ? ORDER BY file_index',
  )

  return {
    /** Stores the label unless the hash has one; true when it did (the torrent is then classified again). */
    label(infoHash: Uint8Array, label: CarriedLabel): boolean {
      const stored = insertLabel.run(
        infoHash,
        label.contentType,
        label.title,
        label.year,
        JSON.stringify(label.seasons),
        JSON.stringify(label.episodes),
        label.imdb,
        label.tmdb,
        label.tvdb,
        label.tvmaze,
        label.labelledBy,
        label.labelledAt,
      )
      return stored.changes > 0
    },

    /**
     * Adds the tags and raises the grabs of a stored torrent; a v2 hash only for a torrent new in
     * this batch (`isNew`), so a line cannot change the magnet of one the index already serves.
     */
    keep(torrentId: number, facts: CarriedFacts, isNew: boolean): void {
      if (isNew && facts.infoHashV2) setHashV2.run(hexToBytes(facts.infoHashV2), torrentId)
      for (const tag of facts.tags) addTag.run(torrentId, tag)
      if (facts.grabs > 0) raiseGrabs.run(facts.grabs, torrentId, facts.grabs)
    },

    /**
     * A stored torrent as the classifier reads it, for classifying it again under a new label:
     * what is stored, not what the line claims (the line may name the hash anything).
     */
    stored(torrentId: number): Pick<IngestItem, 'name' | 'sizeBytes' | 'files'> {
      const torrent = torrentOf.get(torrentId)!
      const files: TorrentFile[] | null =
        torrent.files_count === null
          ? null
          : filesOf.all(torrentId).map((file) => ({
              index: file.file_index,
              path: file.path,
              sizeBytes: file.size,
              extension: file.extension,
              fileType: file.file_type as FileType,
            }))
      return { name: torrent.name, sizeBytes: torrent.size, files }
    },
  }
}

export type CarriedFactsWriter = ReturnType<typeof createCarriedFactsWriter>
