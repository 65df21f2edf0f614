import { eq, sql } from 'drizzle-orm'
import { type DatabaseHandle, schema, writeTransaction } from '../db'
import type { Classification, ContentType, GroundTruthLabel } from '../classify'

/**
 * Stores classifications, reads ground-truth labels and keeps the block list. The writes are raw
 * prepared statements: they run inside the ingest writer's batch transactions, once per new
 * torrent, where the query builder's per-call SQL building and row mapping would cost more than
 * SQLite itself (the import bench's 20k torrents/s). The label lookup, run only once labels
 * exist, is a prepared drizzle select, so its row type is the schema's.
 */
export function createClassificationStore({ sqlite: db, orm }: DatabaseHandle) {
  // An upsert, not INSERT OR REPLACE: the update fires the triggers that keep the category feed
  // keys and the full-text title in step (a REPLACE would insert beside the old keys).
  const upsert = db.prepare(
    `INSERT INTO torrent_classifications (torrent_id, content_type, categories, confidence, status,
       fired_rules, title, year, seasons, episodes, air_date, resolution, source, modifiers, video_codec, video_3d,
       hdr, audio_codecs, audio_channels, languages, release_group, editions, imdb_id, tmdb_id, tvdb_id, tvmaze_id,
       classified_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (torrent_id) DO UPDATE SET content_type = excluded.content_type, categories = excluded.categories,
       confidence = excluded.confidence, status = excluded.status, fired_rules = excluded.fired_rules,
       title = excluded.title, year = excluded.year, seasons = excluded.seasons, episodes = excluded.episodes,
       air_date = excluded.air_date, resolution = excluded.resolution, source = excluded.source,
       modifiers = excluded.modifiers, video_codec = excluded.video_codec, video_3d = excluded.video_3d,
       hdr = excluded.hdr, audio_codecs = excluded.audio_codecs, audio_channels = excluded.audio_channels,
       languages = excluded.languages, release_group = excluded.release_group, editions = excluded.editions,
       imdb_id = excluded.imdb_id, tmdb_id = excluded.tmdb_id, tvdb_id = excluded.tvdb_id,
       tvmaze_id = excluded.tvmaze_id, classified_at = excluded.classified_at`,
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
  const anyLabel = db.prepare<{ found: number }, []>('SELECT EXISTS (SELECT 1 FROM ground_truth_labels) AS found')
  const anyBlocked = db.prepare<{ found: number }, []>('SELECT EXISTS (SELECT 1 FROM blocked_torrents) AS found')
  const findBlocked = db.prepare<{ rule_id: string }, [Uint8Array]>('SELECT rule_id FROM blocked_torrents WHERE info_hash = ?')
  const insertBlocked = db.prepare('INSERT OR IGNORE INTO blocked_torrents (info_hash, rule_id, blocked_at) VALUES (?, ?, ?)')
  const storedVersion = db.prepare<{ classified_at: number; status: string }, [number]>(
    'SELECT classified_at, status FROM torrent_classifications WHERE torrent_id = ?',
  )
  const operatorTags = db.prepare<{ tag: string }, [number]>('SELECT tag FROM torrent_tags WHERE torrent_id = ? AND by_rule = 0')

  const store = (torrentId: number, classification: Classification, nowSeconds: number): void => {
    const { parsed, externalIds } = classification
    upsert.run(
      torrentId,
      classification.contentType,
      JSON.stringify(classification.categories),
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
    )
    dropRuleTags.run(torrentId)
    for (const tag of classification.tags) addRuleTag.run(torrentId, tag)
  }

  return {
    store,

    /**
     * Stores a later opinion (the rerank) on a classification only if it is still the one stored
     * at `classifiedAt` and still pending: a re-classification or a label since then wins.
     */
    replaceIfUnchanged: writeTransaction(
      db,
      (torrentId: number, classifiedAt: number, classification: Classification, nowSeconds: number): boolean => {
        const stored = storedVersion.get(torrentId)
        if (!stored || stored.classified_at !== classifiedAt || stored.status !== 'pending') return false
        store(torrentId, classification, nowSeconds)
        return true
      },
    ),

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

export type ClassificationStore = ReturnType<typeof createClassificationStore>
