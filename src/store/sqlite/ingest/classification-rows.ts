import { eq, sql } from 'drizzle-orm'
import type { Classification, GroundTruthLabel } from '../../../classify'
import type { ContentType } from '../../../vocabulary'
import { searchFactsOf } from '../../../search'
import type { DatabaseHandle } from '../open-database'
import * as schema from '../schema'

/**
 * Stores classifications, reads ground-truth labels and keeps the block list. The writes are raw
 * prepared statements: they run inside the ingest writer's batch transactions, once per new
 * torrent, where the query builder's per-call SQL building and row mapping would cost more than
 * SQLite itself (the import bench's 20k torrents/s). The label lookup, run only once labels
 * exist, is a prepared drizzle select, so its row type is the schema's.
 */
export function createClassificationRows({ sqlite: db, orm }: DatabaseHandle) {
  // An upsert, not INSERT OR REPLACE: a REPLACE would delete the row and fire the counters'
  // triggers (0018) twice.
  const upsert = db.prepare(
    `INSERT INTO torrent_classifications (torrent_id, content_type, categories, confidence, status,
       fired_rules, title, year, seasons, episodes, air_date, resolution, source, modifiers, video_codec, video_3d,
       hdr, audio_codecs, audio_channels, languages, release_group, editions, imdb_id, tmdb_id, tvdb_id, tvmaze_id,
       classified_at, explanation)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (torrent_id) DO UPDATE SET content_type = excluded.content_type, categories = excluded.categories,
       confidence = excluded.confidence, status = excluded.status, fired_rules = excluded.fired_rules,
       title = excluded.title, year = excluded.year, seasons = excluded.seasons, episodes = excluded.episodes,
       air_date = excluded.air_date, resolution = excluded.resolution, source = excluded.source,
       modifiers = excluded.modifiers, video_codec = excluded.video_codec, video_3d = excluded.video_3d,
       hdr = excluded.hdr, audio_codecs = excluded.audio_codecs, audio_channels = excluded.audio_channels,
       languages = excluded.languages, release_group = excluded.release_group, editions = excluded.editions,
       imdb_id = excluded.imdb_id, tmdb_id = excluded.tmdb_id, tvdb_id = excluded.tvdb_id,
       tvmaze_id = excluded.tvmaze_id, classified_at = excluded.classified_at, explanation = excluded.explanation`,
  )
  const dropRuleTags = db.prepare('DELETE FROM torrent_tags WHERE torrent_id = ? AND by_rule = 1')
  // An operator's tag of the same name stays the operator's.
  const addRuleTag = db.prepare('INSERT INTO torrent_tags (torrent_id, tag, by_rule) VALUES (?, ?, 1) ON CONFLICT DO NOTHING')
  const { groundTruthLabels } = schema
  const findLabel = orm
    .select()
    .from(groundTruthLabels)
    .where(eq(groundTruthLabels.infoHash, sql.placeholder('infoHash')))
    .prepare()
  // The client kind of the instance that labelled it, from its latest successful report on the torrent.
  const labelClient = db.prepare<{ client: string }, [Uint8Array, string]>(
    `SELECT client FROM evidence WHERE info_hash = ? AND instance = ? AND result = 'success' AND type != 'grab'
     ORDER BY id DESC LIMIT 1`,
  )
  const anyLabel = db.prepare<{ found: number }, []>('SELECT EXISTS (SELECT 1 FROM ground_truth_labels) AS found')
  const anyBlocked = db.prepare<{ found: number }, []>('SELECT EXISTS (SELECT 1 FROM blocked_torrents) AS found')
  const findBlocked = db.prepare<{ rule_id: string }, [Uint8Array]>('SELECT rule_id FROM blocked_torrents WHERE info_hash = ?')
  const insertBlocked = db.prepare('INSERT OR IGNORE INTO blocked_torrents (info_hash, rule_id, blocked_at) VALUES (?, ?, ?)')
  const storedVersion = db.prepare<{ classified_at: number; status: string }, [number]>(
    'SELECT classified_at, status FROM torrent_classifications WHERE torrent_id = ?',
  )
  // What the feed keys and the full-text row are made of besides the classification, and the
  // categories stored before this write (null for a first classification), whose keys go.
  const indexedBefore = db.prepare<{ name: string; published_at: number; categories: string | null }, [number]>(
    `SELECT t.name, t.published_at, c.categories FROM torrents t
     LEFT JOIN torrent_classifications c ON c.torrent_id = t.id WHERE t.id = ?`,
  )
  const deleteCategory = db.prepare('DELETE FROM torrent_categories WHERE category = ? AND published_at = ? AND torrent_id = ?')
  const insertCategory = db.prepare('INSERT INTO torrent_categories (category, published_at, torrent_id) VALUES (?, ?, ?)')
  const deleteSearchRow = db.prepare('DELETE FROM torrent_search WHERE rowid = ?')
  const insertSearchRow = db.prepare('INSERT INTO torrent_search (rowid, name, title, facts) VALUES (?, ?, ?, ?)')
  const operatorTags = db.prepare<{ tag: string }, [number]>('SELECT tag FROM torrent_tags WHERE torrent_id = ? AND by_rule = 0')

  /**
   * Keeps the category feed keys (0011) and the full-text row (0012) in step with a classification
   * being stored, as the triggers did before 0040. Deletes need nothing here: the BEFORE DELETE
   * triggers on torrents still remove both. True when the torrent was classified before.
   * `inserted` is a row the caller inserted in this transaction, unclassified: what would be read
   * back is already known (the read was a tenth of an import's time on the writer).
   */
  const writeIndexRows = (
    torrentId: number,
    classification: Classification,
    categoriesJson: string,
    inserted: InsertedTorrent | undefined,
  ): boolean => {
    const before = inserted ? { name: inserted.name, published_at: inserted.publishedAt, categories: null } : indexedBefore.get(torrentId)
    if (!before) return false
    const hasCategoriesChanged = before.categories !== categoriesJson
    if (before.categories !== null) {
      if (hasCategoriesChanged) {
        for (const category of JSON.parse(before.categories) as number[]) deleteCategory.run(category, before.published_at, torrentId)
      }
      deleteSearchRow.run(torrentId)
    }
    if (hasCategoriesChanged) {
      for (const category of classification.categories) insertCategory.run(category, before.published_at, torrentId)
    }
    insertSearchRow.run(torrentId, before.name, classification.parsed.title ?? '', searchFactsOf(classification))
    return before.categories !== null
  }

  const store = (torrentId: number, classification: Classification, nowSeconds: number, inserted?: InsertedTorrent): void => {
    const { parsed, externalIds } = classification
    const categoriesJson = JSON.stringify(classification.categories)
    const wasClassified = writeIndexRows(torrentId, classification, categoriesJson, inserted)
    upsert.run(
      torrentId,
      classification.contentType,
      categoriesJson,
      classification.confidence,
      classification.status,
      JSON.stringify(classification.firedRules),
      parsed.title,
      parsed.year,
      JSON.stringify(parsed.seasons),
      JSON.stringify(parsed.episodes),
      parsed.airDate,
      parsed.resolution,
      parsed.source,
      JSON.stringify(parsed.modifiers),
      parsed.videoCodec,
      parsed.video3d,
      JSON.stringify(parsed.hdr),
      JSON.stringify(parsed.audioCodecs),
      parsed.audioChannels,
      JSON.stringify(parsed.languages),
      parsed.releaseGroup,
      JSON.stringify(parsed.editions),
      externalIds.imdb,
      externalIds.tmdb,
      externalIds.tvdb,
      externalIds.tvmaze,
      nowSeconds,
      classification.explanation,
    )
    // Rule tags are only ever stored with a classification: a first one has none to drop.
    if (wasClassified) dropRuleTags.run(torrentId)
    for (const tag of classification.tags) addRuleTag.run(torrentId, tag)
  }

  return {
    store,

    /** The stored classification's time and status, for the rerank's compare-and-swap. */
    storedVersion(torrentId: number): { classified_at: number; status: string } | null {
      return storedVersion.get(torrentId)
    },

    /** Most indexes hold no labels at all; then the per-torrent lookup is skipped. */
    hasAnyLabel(): boolean {
      return anyLabel.get()!.found === 1
    },

    /** Likewise for the block list, which stays empty unless banned content has turned up. */
    hasAnyBlocked(): boolean {
      return anyBlocked.get()!.found === 1
    },

    findLabel(infoHash: Uint8Array): GroundTruthLabel | null {
      const row = findLabel.get({ infoHash: Buffer.from(infoHash) })
      if (!row) return null
      return {
        contentType: row.contentType as ContentType,
        title: row.title,
        year: row.year,
        seasons: row.seasons,
        episodes: row.episodes,
        imdb: row.imdbId,
        tmdb: row.tmdbId,
        tvdb: row.tvdbId,
        tvmaze: row.tvmazeId,
        source: { instance: row.labelledBy, client: labelClient.get(infoHash, row.labelledBy)?.client ?? null },
      }
    },

    operatorTagsOf(torrentId: number): string[] {
      return operatorTags.all(torrentId).map((row) => row.tag)
    },

    blockingRule(infoHash: Uint8Array): string | null {
      return findBlocked.get(infoHash)?.rule_id ?? null
    },

    block(infoHash: Uint8Array, ruleId: string, nowSeconds: number): void {
      insertBlocked.run(infoHash, ruleId, nowSeconds)
    },
  }
}

/** A torrent row inserted in the current transaction and not classified yet. */
export interface InsertedTorrent {
  name: string
  publishedAt: number
}

export type ClassificationRows = ReturnType<typeof createClassificationRows>
