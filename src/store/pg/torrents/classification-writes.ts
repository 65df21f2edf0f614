import type { SQL } from 'bun'
import type { Classification } from '../../../classify'
import { searchDocumentOf } from '../search-document'

/** A classification to store, with what its index rows are made of besides it. */
export interface ClassificationWrite {
  torrentId: number
  classification: Classification
  name: string
  publishedAt: number
  /** The categories stored before (JSON text as the column holds it); null for a first classification. */
  categoriesBefore: string | null
}

/**
 * Stores classifications a set at a time, inside the caller's transaction: the classification
 * rows, the category feed keys and the search document beside each, and the rule tags, as the
 * SQLite writer does one torrent at a time (src/store/sqlite/ingest/classification-rows.ts). A
 * torrent named twice keeps its last classification (a batch may classify one twice).
 */
export async function storeClassifications(tx: SQL, writes: readonly ClassificationWrite[], nowSeconds: number): Promise<void> {
  const byTorrent = new Map<number, ClassificationWrite>()
  for (const write of writes) byTorrent.set(write.torrentId, write)
  if (byTorrent.size === 0) return
  // Id order: two writers touching the same rows take their locks in the same order.
  const rows = [...byTorrent.values()].sort((a, b) => a.torrentId - b.torrentId)
  const ids = rows.map((row) => row.torrentId)
  const reclassified = rows.filter((row) => row.categoriesBefore !== null).map((row) => row.torrentId)
  const categoryRows = rows.filter((row) => row.categoriesBefore !== JSON.stringify(row.classification.categories))
  const movedCategories = categoryRows.filter((row) => row.categoriesBefore !== null).map((row) => row.torrentId)
  const categoryIds: number[] = []
  const categoryValues: number[] = []
  const categoryTimes: number[] = []
  for (const row of categoryRows)
    for (const category of row.classification.categories) {
      categoryIds.push(row.torrentId)
      categoryValues.push(category)
      categoryTimes.push(row.publishedAt)
    }
  const tagIds: number[] = []
  const tags: string[] = []
  for (const row of rows)
    for (const tag of new Set(row.classification.tags)) {
      tagIds.push(row.torrentId)
      tags.push(tag)
    }
  const column = <T>(pick: (classification: Classification) => T): T[] => rows.map((row) => pick(row.classification))
  const json = (pick: (classification: Classification) => unknown): string[] => column((c) => JSON.stringify(pick(c)))

  const statements: Promise<unknown>[] = [
    tx`INSERT INTO torrent_classifications (torrent_id, content_type, categories, confidence, status, fired_rules, title, year,
         seasons, episodes, air_date, resolution, source, modifiers, video_codec, video_3d, hdr, audio_codecs, audio_channels,
         languages, release_group, editions, imdb_id, tmdb_id, tvdb_id, tvmaze_id, classified_at, explanation)
       SELECT torrent_id, content_type, categories, confidence, status, fired_rules, title, year, seasons, episodes, air_date,
         resolution, source, modifiers, video_codec, video_3d, hdr, audio_codecs, audio_channels, languages, release_group,
         editions, imdb_id, tmdb_id, tvdb_id, tvmaze_id, ${nowSeconds}, explanation
       FROM unnest(${ids}::int8[], ${column((c) => c.contentType)}::text[], ${json((c) => c.categories)}::text[],
         ${column((c) => c.confidence)}::float8[], ${column((c) => c.status)}::text[], ${json((c) => c.firedRules)}::text[],
         ${column((c) => c.parsed.title)}::text[], ${column((c) => c.parsed.year)}::int4[], ${json((c) => c.parsed.seasons)}::text[],
         ${json((c) => c.parsed.episodes)}::text[], ${column((c) => c.parsed.airDate)}::text[],
         ${column((c) => c.parsed.resolution)}::text[], ${column((c) => c.parsed.source)}::text[],
         ${json((c) => c.parsed.modifiers)}::text[], ${column((c) => c.parsed.videoCodec)}::text[],
         ${column((c) => c.parsed.video3d)}::text[], ${json((c) => c.parsed.hdr)}::text[], ${json((c) => c.parsed.audioCodecs)}::text[],
         ${column((c) => c.parsed.audioChannels)}::text[], ${json((c) => c.parsed.languages)}::text[],
         ${column((c) => c.parsed.releaseGroup)}::text[], ${json((c) => c.parsed.editions)}::text[],
         ${column((c) => c.externalIds.imdb)}::text[], ${column((c) => c.externalIds.tmdb)}::int8[],
         ${column((c) => c.externalIds.tvdb)}::int8[], ${column((c) => c.externalIds.tvmaze)}::int8[],
         ${column((c) => c.explanation)}::text[])
         AS r (torrent_id, content_type, categories, confidence, status, fired_rules, title, year, seasons, episodes, air_date,
           resolution, source, modifiers, video_codec, video_3d, hdr, audio_codecs, audio_channels, languages, release_group,
           editions, imdb_id, tmdb_id, tvdb_id, tvmaze_id, explanation)
       ON CONFLICT (torrent_id) DO UPDATE SET content_type = excluded.content_type, categories = excluded.categories,
         confidence = excluded.confidence, status = excluded.status, fired_rules = excluded.fired_rules, title = excluded.title,
         year = excluded.year, seasons = excluded.seasons, episodes = excluded.episodes, air_date = excluded.air_date,
         resolution = excluded.resolution, source = excluded.source, modifiers = excluded.modifiers,
         video_codec = excluded.video_codec, video_3d = excluded.video_3d, hdr = excluded.hdr, audio_codecs = excluded.audio_codecs,
         audio_channels = excluded.audio_channels, languages = excluded.languages, release_group = excluded.release_group,
         editions = excluded.editions, imdb_id = excluded.imdb_id, tmdb_id = excluded.tmdb_id, tvdb_id = excluded.tvdb_id,
         tvmaze_id = excluded.tvmaze_id, classified_at = excluded.classified_at, explanation = excluded.explanation`,
    tx`INSERT INTO torrent_search (torrent_id, document)
       SELECT * FROM unnest(${ids}::int8[], ${rows.map((row) => searchDocumentOf(row.name, row.classification))}::tsvector[])
       ON CONFLICT (torrent_id) DO UPDATE SET document = excluded.document`,
  ]
  if (movedCategories.length > 0) statements.push(tx`DELETE FROM torrent_categories WHERE torrent_id = ANY(${movedCategories}::int8[])`)
  if (categoryIds.length > 0)
    statements.push(
      tx`INSERT INTO torrent_categories (category, published_at, torrent_id)
         SELECT * FROM unnest(${categoryValues}::int4[], ${categoryTimes}::int8[], ${categoryIds}::int8[])`,
    )
  // Rule tags are only ever stored with a classification: a first one has none to drop.
  if (reclassified.length > 0) statements.push(tx`DELETE FROM torrent_tags WHERE by_rule AND torrent_id = ANY(${reclassified}::int8[])`)
  // An operator's tag of the same name stays the operator's.
  if (tagIds.length > 0)
    statements.push(
      tx`INSERT INTO torrent_tags (torrent_id, tag, by_rule) SELECT *, true FROM unnest(${tagIds}::int8[], ${tags}::text[])
         ON CONFLICT DO NOTHING`,
    )
  await Promise.all(statements)
}

/**
 * Deletes torrents a rule now deletes (banned content) and blocks their hashes, so nothing brings
 * them back; the cascade and the delete trigger take their rows with them.
 */
export async function deleteAndBlockByRule(
  tx: SQL,
  deleted: readonly { torrentId: number | null; infoHash: Uint8Array; ruleId: string }[],
  nowSeconds: number,
): Promise<void> {
  if (deleted.length === 0) return
  const ids = deleted.flatMap((entry) => (entry.torrentId === null ? [] : [entry.torrentId]))
  const statements: Promise<unknown>[] = [
    tx`INSERT INTO blocked_torrents (info_hash, rule_id, blocked_at)
       SELECT *, ${nowSeconds}::int8 FROM unnest(${deleted.map((entry) => entry.infoHash)}::bytea[], ${deleted.map((entry) => entry.ruleId)}::text[])
       ON CONFLICT DO NOTHING`,
  ]
  if (ids.length > 0) statements.push(tx`DELETE FROM torrents WHERE id = ANY(${ids}::int8[])`)
  await Promise.all(statements)
}
