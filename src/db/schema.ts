/**
 * drizzle mirror of `migrations/core`: the SQL files are the source of truth (forward-only,
 * applied by our migrator); this file must change in the same commit as they do.
 * tests/db/schema.test.ts checks that both agree.
 */
import { sqliteTable, integer, text, blob, primaryKey } from 'drizzle-orm/sqlite-core'

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
})

export const sources = sqliteTable('sources', {
  id: integer('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
})

export const torrentSources = sqliteTable(
  'torrent_sources',
  {
    torrentId: integer('torrent_id').notNull().references(() => torrents.id, { onDelete: 'cascade' }),
    sourceId: integer('source_id').notNull().references(() => sources.id),
    publishedAt: integer('published_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.torrentId, table.sourceId] })],
)

export const torrentFiles = sqliteTable(
  'torrent_files',
  {
    torrentId: integer('torrent_id').notNull().references(() => torrents.id, { onDelete: 'cascade' }),
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
    torrentId: integer('torrent_id').notNull().references(() => torrents.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
  },
  (table) => [primaryKey({ columns: [table.torrentId, table.tag] })],
)

export const schemaVersions = sqliteTable('schema_versions', {
  version: integer('version').primaryKey(),
  name: text('name').notNull(),
  appliedAt: text('applied_at').notNull(),
})
