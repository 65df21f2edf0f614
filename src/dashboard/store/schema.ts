/**
 * drizzle mirror of `migrations/dashboard`: the SQL files are the source of truth (forward-only);
 * this file changes in the same commit. tests/dashboard/store/schema.test.ts checks they agree.
 * Each table has one owner: settings_overrides (settings), audit_log (audit), wants (wants),
 * notifications (notifications), poster_cache (posters), dashboard_state (store/state.ts),
 * ended_sessions (auth/ended-sessions.ts), download_clients (download-clients),
 * notification_targets (notification-targets).
 */
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'

export const settingsOverrides = sqliteTable('settings_overrides', {
  key: text('key').primaryKey(),
  /** JSON. */
  value: text('value').notNull(),
  updatedAt: text('updated_at').notNull(),
  updatedBy: text('updated_by').notNull(),
})

export const auditLog = sqliteTable('audit_log', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  kind: text('kind', { enum: ['setting', 'auth', 'health', 'operator'] }).notNull(),
  key: text('key').notNull(),
  action: text('action').notNull(),
  /** JSON, secrets masked. */
  oldValue: text('old_value'),
  newValue: text('new_value'),
  changedBy: text('changed_by').notNull(),
  changedAt: text('changed_at').notNull(),
})

export const wants = sqliteTable('wants', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  contentType: text('content_type').notNull(),
  query: text('query').notNull(),
  priority: integer('priority').notNull(),
  status: text('status', { enum: ['active', 'paused', 'fulfilled'] }).notNull(),
  notes: text('notes').notNull().default(''),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
  fulfilledBy: text('fulfilled_by'),
})

export const notifications = sqliteTable('notifications', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  type: text('type', { enum: ['want_fulfilled', 'webhook_delivery_failed', 'crawler_warning'] }).notNull(),
  message: text('message').notNull(),
  read: integer('read', { mode: 'boolean' }).notNull().default(false),
  createdAt: text('created_at').notNull(),
  dedupeKey: text('dedupe_key').unique(),
})

export const posterCache = sqliteTable(
  'poster_cache',
  {
    mediaType: text('media_type', { enum: ['movie', 'tv'] }).notNull(),
    externalId: text('external_id').notNull(),
    posterUrl: text('poster_url'),
    fetchedAt: text('fetched_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.mediaType, table.externalId] })],
)

export const dashboardState = sqliteTable('dashboard_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: text('updated_at').notNull(),
})

export const endedSessions = sqliteTable('ended_sessions', {
  /** SHA-256 of the token, hex. */
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: text('expires_at').notNull(),
})

export const downloadClients = sqliteTable('download_clients', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind', { enum: ['qbittorrent', 'transmission'] }).notNull(),
  url: text('url').notNull(),
  username: text('username'),
  /** As the client needs it; never in an answer or the audit log. */
  password: text('password'),
  category: text('category'),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
})

export const notificationTargets = sqliteTable('notification_targets', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind', { enum: ['ntfy', 'gotify', 'discord', 'webhook'] }).notNull(),
  url: text('url').notNull(),
  /** As the receiver needs it; never in an answer or the audit log. */
  token: text('token'),
  /** JSON array of notification types. */
  events: text('events').notNull(),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
  lastDeliveredAt: text('last_delivered_at'),
  lastFailedAt: text('last_failed_at'),
  lastError: text('last_error'),
})
