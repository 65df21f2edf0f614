/**
 * drizzle mirror of `migrations/core/sqlite`: the SQL files are the source of truth (forward-only,
 * applied by our migrator); this file must change in the same commit as they do.
 * tests/store/sqlite/schema.test.ts checks that both agree.
 */
import { type AnySQLiteColumn, sqliteTable, integer, text, blob, primaryKey, real } from 'drizzle-orm/sqlite-core'
import type { CrawlerStatus } from '../../dht'

export const torrents = sqliteTable('torrents', {
  id: integer('id').primaryKey(),
  infoHash: blob('info_hash', { mode: 'buffer' }).notNull().unique(),
  infoHashV2: blob('info_hash_v2', { mode: 'buffer' }),
  name: text('name').notNull(),
  size: integer('size').notNull(),
  isPrivate: integer('private', { mode: 'boolean' }).notNull().default(false),
  filesCount: integer('files_count'),
  seeders: integer('seeders'),
  leechers: integer('leechers'),
  publishedAt: integer('published_at').notNull(),
  firstSeenAt: integer('first_seen_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
  grabs: integer('grabs').notNull().default(0),
  evidenceScore: real('evidence_score').notNull().default(0),
  /** Unix seconds of the last BEP 33 check of the swarm; 0 before any. */
  swarmCheckedAt: integer('swarm_checked_at').notNull().default(0),
})

export const sources = sqliteTable('sources', {
  id: integer('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
})

export const torrentSources = sqliteTable(
  'torrent_sources',
  {
    torrentId: integer('torrent_id')
      .notNull()
      .references(() => torrents.id, { onDelete: 'cascade' }),
    sourceId: integer('source_id')
      .notNull()
      .references(() => sources.id),
    publishedAt: integer('published_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.torrentId, table.sourceId] })],
)

export const torrentFiles = sqliteTable(
  'torrent_files',
  {
    torrentId: integer('torrent_id')
      .notNull()
      .references(() => torrents.id, { onDelete: 'cascade' }),
    fileIndex: integer('file_index').notNull(),
    path: text('path').notNull(),
    size: integer('size').notNull(),
    extension: text('extension'),
    fileType: text('file_type').notNull(),
  },
  (table) => [primaryKey({ columns: [table.torrentId, table.fileIndex] })],
)

export const torrentTags = sqliteTable(
  'torrent_tags',
  {
    torrentId: integer('torrent_id')
      .notNull()
      .references(() => torrents.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    byRule: integer('by_rule', { mode: 'boolean' }).notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.torrentId, table.tag] })],
)

export const torrentClassifications = sqliteTable('torrent_classifications', {
  torrentId: integer('torrent_id')
    .primaryKey()
    .references(() => torrents.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  categories: text('categories', { mode: 'json' }).notNull().$type<number[]>(),
  confidence: real('confidence').notNull(),
  status: text('status', { enum: ['pending', 'confirmed'] }).notNull(),
  firedRules: text('fired_rules', { mode: 'json' }).notNull().$type<string[]>(),
  title: text('title'),
  year: integer('year'),
  seasons: text('seasons', { mode: 'json' }).notNull().$type<number[]>(),
  episodes: text('episodes', { mode: 'json' }).notNull().$type<number[]>(),
  airDate: text('air_date'),
  resolution: text('resolution'),
  source: text('source'),
  modifiers: text('modifiers', { mode: 'json' }).notNull().$type<string[]>(),
  videoCodec: text('video_codec'),
  video3d: text('video_3d'),
  hdr: text('hdr', { mode: 'json' }).notNull().$type<string[]>(),
  audioCodecs: text('audio_codecs', { mode: 'json' }).notNull().$type<string[]>(),
  audioChannels: text('audio_channels'),
  languages: text('languages', { mode: 'json' }).notNull().$type<string[]>(),
  releaseGroup: text('release_group'),
  editions: text('editions', { mode: 'json' }).notNull().$type<string[]>(),
  imdbId: text('imdb_id'),
  tmdbId: integer('tmdb_id'),
  tvdbId: integer('tvdb_id'),
  tvmazeId: integer('tvmaze_id'),
  classifiedAt: integer('classified_at').notNull(),
  /** The explanation's code list (src/classify/explanation); null when classified before it was kept. */
  explanation: text('explanation'),
})

/**
 * Written beside each classification by the classification store and emptied by a trigger on
 * torrents' deletes (0040); the full-text table torrent_search, kept the same way, is SQL-only.
 */
export const torrentCategories = sqliteTable(
  'torrent_categories',
  {
    category: integer('category').notNull(),
    publishedAt: integer('published_at').notNull(),
    torrentId: integer('torrent_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.category, table.publishedAt, table.torrentId] })],
)

export const groundTruthLabels = sqliteTable('ground_truth_labels', {
  infoHash: blob('info_hash', { mode: 'buffer' }).primaryKey(),
  contentType: text('content_type').notNull(),
  title: text('title'),
  year: integer('year'),
  seasons: text('seasons', { mode: 'json' }).notNull().$type<number[]>(),
  episodes: text('episodes', { mode: 'json' }).notNull().$type<number[]>(),
  imdbId: text('imdb_id'),
  tmdbId: integer('tmdb_id'),
  tvdbId: integer('tvdb_id'),
  tvmazeId: integer('tvmaze_id'),
  labelledBy: text('labelled_by').notNull(),
  labelledAt: integer('labelled_at').notNull(),
})

export const blockedTorrents = sqliteTable('blocked_torrents', {
  infoHash: blob('info_hash', { mode: 'buffer' }).primaryKey(),
  ruleId: text('rule_id').notNull(),
  blockedAt: integer('blocked_at').notNull(),
  /** What an operator deleted was called; null for banned content (migration 0044). */
  name: text('name'),
})

/** Torrents the storage cap evicted: the first 8 bytes of the info hash, big-endian, signed (read as bigint through raw SQL). */
export const evictedTorrents = sqliteTable('evicted_torrents', {
  hashPrefix: integer('hash_prefix').primaryKey(),
})

export const queueJobs = sqliteTable('queue_jobs', {
  id: integer('id').primaryKey(),
  queue: text('queue').notNull(),
  payload: text('payload').notNull(),
  status: text('status', { enum: ['pending', 'retry', 'processed', 'failed'] }).notNull(),
  priority: integer('priority').notNull().default(0),
  retries: integer('retries').notNull().default(0),
  maxRetries: integer('max_retries').notNull().default(2),
  runAfter: integer('run_after').notNull(),
  ranAt: integer('ran_at'),
  error: text('error'),
  createdAt: integer('created_at').notNull(),
  lockedUntil: integer('locked_until'),
})

export const evidence = sqliteTable('evidence', {
  id: integer('id').primaryKey(),
  infoHash: blob('info_hash', { mode: 'buffer' }),
  instance: text('instance').notNull(),
  client: text('client', { enum: ['sonarr', 'radarr', 'lidarr', 'readarr', 'whisparr', 'other'] }).notNull(),
  event: text('event').notNull(),
  type: text('type', { enum: ['grab', 'download', 'import'] }).notNull(),
  result: text('result', { enum: ['success', 'failed', 'duplicate'] }).notNull(),
  occurredAt: text('occurred_at').notNull(),
  receivedAt: text('received_at').notNull(),
  payload: text('payload').notNull(),
  duplicateOf: integer('duplicate_of').references((): AnySQLiteColumn => evidence.id),
})

export const evidenceWebhookBatches = sqliteTable('evidence_webhook_batches', {
  batchId: text('batch_id').primaryKey(),
  firstTorrentId: integer('first_torrent_id').notNull(),
  lastTorrentId: integer('last_torrent_id').notNull(),
  items: integer('items').notNull(),
  status: text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: text('created_at').notNull(),
  finishedAt: text('finished_at'),
})

export const evidenceWebhookCursor = sqliteTable('evidence_webhook_cursor', {
  id: integer('id').primaryKey(),
  lastTorrentId: integer('last_torrent_id').notNull(),
})

/** Kept by triggers on torrents and torrent_classifications; 'unknown' holds the unclassified. */
export const torrentCounts = sqliteTable('torrent_counts', {
  contentType: text('content_type').primaryKey(),
  torrents: integer('torrents').notNull(),
})

/** One row, kept by triggers on evidence. */
export const evidenceCount = sqliteTable('evidence_count', {
  id: integer('id').primaryKey(),
  reports: integer('reports').notNull(),
  /** Bytes of the bodies the reports keep (octet_length of payload). */
  payloadBytes: integer('payload_bytes').notNull().default(0),
})

export const runtimeSettings = sqliteTable('runtime_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: text('updated_at').notNull(),
})

/** The wants the dashboard registered (its own store's `wants` holds the wants themselves). */
export const registeredWants = sqliteTable('wants', {
  id: text('id').primaryKey(),
  query: text('query').notNull(),
  contentType: text('content_type').notNull(),
})

export const wantMatches = sqliteTable('want_matches', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  wantId: text('want_id').notNull(),
  torrentId: integer('torrent_id')
    .notNull()
    .references(() => torrents.id, { onDelete: 'cascade' }),
  matchedAt: text('matched_at').notNull(),
})

/** The works the artwork API resolved titles to (issue 19). */
export const contents = sqliteTable('contents', {
  id: integer('id').primaryKey(),
  contentType: text('content_type').notNull(),
  tmdbId: integer('tmdb_id').notNull(),
  imdbId: text('imdb_id'),
  tvdbId: integer('tvdb_id'),
  title: text('title').notNull(),
  originalTitle: text('original_title'),
  originalLanguage: text('original_language'),
  releaseDate: text('release_date'),
  year: integer('year'),
  posterPath: text('poster_path'),
  posterUrl: text('poster_url'),
  overview: text('overview'),
  genres: text('genres', { mode: 'json' }).notNull().$type<{ id: number; name: string }[]>(),
  popularity: real('popularity'),
  voteAverage: real('vote_average'),
  voteCount: integer('vote_count'),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
})

/** The artwork backlog and cache: one row per (content type, lowercased title, year or 0). */
export const contentKeys = sqliteTable(
  'content_keys',
  {
    contentType: text('content_type').notNull(),
    title: text('title').notNull(),
    year: integer('year').notNull(),
    status: text('status', { enum: ['pending', 'resolved', 'not_found'] }).notNull(),
    contentId: integer('content_id').references((): AnySQLiteColumn => contents.id),
    grabbed: integer('grabbed').notNull(),
    newestAt: integer('newest_at').notNull(),
    checkedAt: integer('checked_at'),
  },
  (table) => [primaryKey({ columns: [table.contentType, table.title, table.year] })],
)

/** One row: where feeding the artwork backlog stands. */
export const enrichmentState = sqliteTable('enrichment_state', {
  id: integer('id').primaryKey(),
  artworkEnabled: integer('artwork_enabled').notNull(),
  fedThrough: integer('fed_through'),
  backfillBefore: integer('backfill_before'),
})

export const schemaVersions = sqliteTable('schema_versions', {
  version: integer('version').primaryKey(),
  name: text('name').notNull(),
  appliedAt: text('applied_at').notNull(),
})

/** One row (id 1): whether the operator paused the crawler, and the storage cap's full message; no row is crawling with room. */
export const crawlerControl = sqliteTable('crawler_control', {
  id: integer('id').primaryKey(),
  paused: integer('paused', { mode: 'boolean' }).notNull(),
  changedAt: text('changed_at').notNull(),
  storageFull: text('storage_full'),
})

/** Each crawler process's latest status (SERVICE_ROLE=crawler), as JSON, for the `api` processes to show. */
export const crawlerReports = sqliteTable('crawler_reports', {
  crawlerId: text('crawler_id').primaryKey(),
  status: text('status', { mode: 'json' }).notNull().$type<CrawlerStatus>(),
  reportedAt: integer('reported_at').notNull(),
})

/** Fetches asked for by hash or magnet; peers and trackers are JSON lists of the magnet's hints. */
export const fetchRequests = sqliteTable('fetch_requests', {
  infoHash: blob('info_hash', { mode: 'buffer' }).primaryKey(),
  name: text('name'),
  state: text('state', { enum: ['queued', 'searching', 'found', 'not_found'] }).notNull(),
  detail: text('detail'),
  peers: text('peers', { mode: 'json' }).notNull().$type<string[]>(),
  trackers: text('trackers', { mode: 'json' }).notNull().$type<string[]>(),
  requestedAtMs: integer('requested_at_ms').notNull(),
  updatedAtMs: integer('updated_at_ms').notNull(),
  deadlineAtMs: integer('deadline_at_ms').notNull(),
})

/** One row (id 1): the core admin key made when CORE_ADMIN_KEY is unset. */
export const coreAdminKey = sqliteTable('core_admin_key', {
  id: integer('id').primaryKey(),
  key: text('key').notNull(),
  createdAt: text('created_at').notNull(),
})

/** Where each followed export (SERVICE_SYNC_SOURCES) has got to, keyed by its URL with the key hidden. */
export const syncCursors = sqliteTable('sync_cursors', {
  source: text('source').primaryKey(),
  cursor: text('cursor').notNull(),
  updatedAt: integer('updated_at').notNull(),
})
