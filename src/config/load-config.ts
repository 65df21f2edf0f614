import { join } from 'node:path'
import { ConfigError } from './errors'
import { type AuthMethod, type ServiceRole, variables, type VariableName, type Variable } from './variables'
import type { LogLevel } from '../log'
import type { HostPort } from './value-types'
import type { DailyWindow } from './daily-windows'

type ValueOf<V> = V extends Variable<infer T> ? T : never
type Values = {
  [K in VariableName]: (typeof variables)[K] extends { default: string }
    ? ValueOf<(typeof variables)[K]>
    : ValueOf<(typeof variables)[K]> | undefined
}

/** The typed, frozen settings; each capability receives only its own slice. */
export interface Config {
  http: { host: string; corePort: number; dashboardPort: number }
  db: { dataDir: string; corePath: string; dashboardPath: string }
  store: StoreConfig
  /** What this process runs (SERVICE_ROLE). */
  role: ServiceRole
  log: { level: LogLevel }
  core: CoreConfig
  graphql: GraphqlConfig
  torznab: TorznabConfig
  dht: DhtConfig
  search: SearchConfig
  ingest: IngestConfig
  evidence: EvidenceConfig
  classify: { rulesPath: string | undefined; llm: LlmConfig | null }
  dashboard: DashboardConfig
  storage: StorageConfig
  backup: BackupConfig
  sync: SyncConfig
}

/** Following other instances' exports; no sources means following none. */
export interface SyncConfig {
  /** SERVICE_SYNC_SOURCES: export URLs with their keys; shown only through hideUrlSecrets. */
  sources: string[]
  intervalMs: number
}

/** What only the core's own HTTP surface needs: the dashboard's key and the intake's rate limit. */
export interface CoreConfig {
  /** CORE_ADMIN_KEY; undefined: the core makes one and keeps it in its database. */
  adminKey: string | undefined
  /** SERVICE_INTAKE_RATE_LIMIT: requests per minute per client to /evidence and /import; 0 is off. */
  intakeRatePerMinute: number
}

export interface GraphqlConfig {
  maxBodyBytes: number
  /** Most items in one list argument. */
  maxListItems: number
}

export interface IngestConfig {
  batchSize: number
  flushIntervalMs: number
  importWorkers: number
  /** What of a torrent's names and file list is stored (SERVICE_MAX_NAME_LENGTH, _PATH_LENGTH, _FILES_PER_TORRENT). */
  limits: { nameChars: number; pathChars: number; files: number }
}

/** Where the core's index lives, for openStore (issue 36 adds PostgreSQL's URLs here). */
/**
 * Where the core's index lives: PostgreSQL when `postgres` is given (DATABASE_URL wins over
 * DATABASE_PATH), else the SQLite file.
 */
export interface StoreConfig {
  sqlite: { path: string }
  postgres?: PgStoreConfig
}

/** DATABASE_URL and the standbys of DATABASE_READ_URL (none: searches read the primary). */
export interface PgStoreConfig {
  url: string
  readUrls: string[]
}

/** The storage cap; limitBytes null when SERVICE_STORAGE_LIMIT is unset. */
export interface StorageConfig {
  limitBytes: number | null
}

/** Scheduled backups; dir null when SERVICE_BACKUP_DIR is unset (the CLI backup works regardless). */
export interface BackupConfig {
  dir: string | null
  intervalMs: number
  keep: number
}

export interface DashboardConfig {
  /** Whether requests must resolve to an identity: REQUIRE_AUTH, or any AUTH_METHOD but none. */
  requireAuth: boolean
  /** undefined: every tier of spec 5.2 in order. */
  authMethod: AuthMethod | undefined
  /**
   * DASHBOARD_PUBLIC_URL's origin (`https://dash.example`): where browsers open the dashboard,
   * behind a proxy that does not pass the address on; undefined when unset.
   */
  publicOrigin: string | undefined
  apiKey: string | undefined
  trustProxyHeaders: boolean
  trustForwardedUser: boolean
  ssoCookieName: string
  ssoJwtSecret: string | undefined
  ssoSessionTtlMs: number
  /** undefined: the core of this process, at 127.0.0.1 on the port it listens on. */
  coreGraphqlUrl: string | undefined
  coreMetricsUrl: string | undefined
  /**
   * CORE_ADMIN_KEY: what the core asks of the dashboard for what only the dashboard does. In one
   * process the core's own (generated) key is handed over instead, when this is unset.
   */
  coreAdminKey: string | undefined
  artworkApiKey: string | undefined
  artworkApiUrl: string
  /** SERVICE_ARTWORK_RATE: the core's enrichment requests per second. */
  artworkRatePerSecond: number
}

export interface TorznabConfig {
  apiKey: string | undefined
  rateLimitPerMinute: number
  /** BASE_URL without its trailing slash, prefixed to the feed's self links; '' (unset) leaves them path-only. */
  baseUrl: string
}

export interface DhtConfig {
  enabled: boolean
  host: string
  port: number
  bootstrap: HostPort[]
  peerPort: number
  queriesPerSecond: number
  metadataFetches: number
  maxNodes: number
  seenFilterBytes: number
  /** Where the crawler keeps its node id and good nodes between runs. */
  statePath: string
  /** SERVICE_DHT_SCHEDULE: the daily windows it may crawl in; empty means always. */
  schedule: DailyWindow[]
  /** SERVICE_DHT_FETCH_TIMEOUT: a fetch by hash not found by then is marked not found. */
  fetchTimeoutMs: number
  /** The scheduled swarm re-check: torrents whose last check is older than `intervalMs` (null: off), at most `perSecond` a second. */
  rescrape: { intervalMs: number | null; perSecond: number }
}

export interface SearchConfig {
  timeoutMs: number
  workers: number
  /** Page cache of each search thread's SQLite connection. */
  cacheSizeMb: number
  /** Weights of the ranking blend (SERVICE_RANK_*); search's RankingWeights has this shape. */
  weights: { relevance: number; confidence: number; evidence: number; freshness: number; freshnessHalfLifeDays: number }
}

export interface EvidenceConfig {
  weights: { grab: number; success: number; failurePenalty: number }
  /** The outbound webhook; null when SERVICE_EVIDENCE_WEBHOOK_URL is unset. */
  webhook: { url: string; batchSize: number; timeoutMs: number; backoffMs: number } | null
  /** How much of the webhook bodies is kept: per report, for how long, and in all. */
  payload: { maxBytes: number; keepDays: number; budgetBytes: number }
}

/** The optional rerank model; null when SERVICE_LLM_URL is unset. */
export interface LlmConfig {
  url: string
  model: string
  apiKey: string | undefined
  timeoutMs: number
  concurrency: number
}

export type Env = Record<string, string | undefined>

/** Reads every declared variable from `env`; the first bad value throws a ConfigError. */
export function loadConfig(env: Env): Config {
  const v = readValues(env)
  // Either alone is clear; together one of them is a mistake, and guessing which opens the dashboard.
  if (v.AUTH_METHOD === 'none' && v.REQUIRE_AUTH)
    throw new ConfigError('AUTH_METHOD', 'AUTH_METHOD=none turns sign-in off but REQUIRE_AUTH=true asks for it: unset one of the two')
  // Processes of one deployment share the index through PostgreSQL; a SQLite file has one writer.
  if (v.SERVICE_ROLE !== 'all' && v.DATABASE_URL === undefined)
    throw new ConfigError(
      'SERVICE_ROLE',
      `SERVICE_ROLE=${v.SERVICE_ROLE} needs DATABASE_URL: processes share the index only through PostgreSQL`,
    )
  if (v.DATABASE_READ_URL !== undefined && v.DATABASE_URL === undefined)
    throw new ConfigError('DATABASE_READ_URL', 'DATABASE_READ_URL names standbys of DATABASE_URL, which is unset')
  return deepFreeze({
    http: { host: v.HOST, corePort: v.CORE_PORT, dashboardPort: v.DASHBOARD_PORT },
    db: { dataDir: v.DATA_DIR, corePath: v.DATABASE_PATH, dashboardPath: v.DASHBOARD_DB_PATH },
    store: {
      sqlite: { path: v.DATABASE_PATH },
      ...(v.DATABASE_URL === undefined ? {} : { postgres: { url: v.DATABASE_URL, readUrls: v.DATABASE_READ_URL ?? [] } }),
    },
    role: v.SERVICE_ROLE,
    log: { level: v.LOG_LEVEL },
    core: { adminKey: v.CORE_ADMIN_KEY, intakeRatePerMinute: v.SERVICE_INTAKE_RATE_LIMIT },
    graphql: { maxBodyBytes: v.SERVICE_GRAPHQL_MAX_BODY, maxListItems: v.SERVICE_GRAPHQL_MAX_LIST },
    torznab: { apiKey: v.TORZNAB_API_KEY, rateLimitPerMinute: v.SERVICE_TORZNAB_RATE_LIMIT, baseUrl: v.BASE_URL ?? '' },
    dht: {
      enabled: v.SERVICE_DHT_ENABLED,
      host: v.SERVICE_DHT_HOST,
      port: v.SERVICE_DHT_PORT,
      bootstrap: v.SERVICE_DHT_BOOTSTRAP,
      peerPort: v.SERVICE_PEER_PORT,
      queriesPerSecond: v.SERVICE_DHT_QUERIES_PER_SECOND ?? 40 * v.SERVICE_DHT_SCALE,
      metadataFetches: v.SERVICE_DHT_METADATA_FETCHES ?? 32 * v.SERVICE_DHT_SCALE,
      maxNodes: v.SERVICE_DHT_MAX_NODES,
      seenFilterBytes: v.SERVICE_DHT_SEEN_FILTER_MB * 1024 * 1024,
      statePath: join(v.DATA_DIR, 'dht-state.json'),
      schedule: v.SERVICE_DHT_SCHEDULE ?? [],
      fetchTimeoutMs: v.SERVICE_DHT_FETCH_TIMEOUT,
      rescrape: { intervalMs: v.SERVICE_DHT_RESCRAPE_INTERVAL, perSecond: v.SERVICE_DHT_RESCRAPE_RATE },
    },
    search: {
      timeoutMs: v.SERVICE_SEARCH_TIMEOUT,
      workers: v.SERVICE_SEARCH_WORKERS,
      cacheSizeMb: v.SERVICE_SEARCH_CACHE_MB,
      weights: {
        relevance: v.SERVICE_RANK_RELEVANCE,
        confidence: v.SERVICE_RANK_CONFIDENCE,
        evidence: v.SERVICE_RANK_EVIDENCE,
        freshness: v.SERVICE_RANK_FRESHNESS,
        freshnessHalfLifeDays: v.SERVICE_RANK_FRESHNESS_HALF_LIFE_DAYS,
      },
    },
    ingest: {
      batchSize: v.SERVICE_INGEST_BATCH_SIZE,
      flushIntervalMs: v.SERVICE_INGEST_FLUSH_INTERVAL,
      importWorkers: v.SERVICE_IMPORT_WORKERS,
      limits: { nameChars: v.SERVICE_MAX_NAME_LENGTH, pathChars: v.SERVICE_MAX_PATH_LENGTH, files: v.SERVICE_MAX_FILES_PER_TORRENT },
    },
    evidence: {
      weights: {
        grab: v.SERVICE_EVIDENCE_GRAB_WEIGHT,
        success: v.SERVICE_EVIDENCE_SUCCESS_WEIGHT,
        failurePenalty: v.SERVICE_EVIDENCE_FAILURE_PENALTY,
      },
      webhook: v.SERVICE_EVIDENCE_WEBHOOK_URL
        ? {
            url: v.SERVICE_EVIDENCE_WEBHOOK_URL,
            batchSize: v.SERVICE_EVIDENCE_BATCH_SIZE,
            timeoutMs: v.SERVICE_EVIDENCE_WEBHOOK_TIMEOUT,
            backoffMs: v.SERVICE_EVIDENCE_WEBHOOK_BACKOFF,
          }
        : null,
      payload: {
        maxBytes: v.SERVICE_EVIDENCE_MAX_PAYLOAD,
        keepDays: v.SERVICE_EVIDENCE_PAYLOAD_DAYS,
        budgetBytes: v.SERVICE_EVIDENCE_PAYLOAD_BUDGET,
      },
    },
    classify: {
      rulesPath: v.CLASSIFIER_RULES_PATH,
      llm: v.SERVICE_LLM_URL
        ? {
            url: v.SERVICE_LLM_URL,
            model: v.SERVICE_LLM_MODEL,
            apiKey: v.SERVICE_LLM_API_KEY,
            timeoutMs: v.SERVICE_LLM_TIMEOUT,
            concurrency: v.SERVICE_LLM_CONCURRENCY,
          }
        : null,
    },
    dashboard: {
      requireAuth: v.AUTH_METHOD === undefined ? v.REQUIRE_AUTH : v.AUTH_METHOD !== 'none',
      publicOrigin: v.DASHBOARD_PUBLIC_URL,
      authMethod: v.AUTH_METHOD,
      apiKey: v.DASHBOARD_API_KEY,
      trustProxyHeaders: v.TRUST_PROXY_HEADERS,
      trustForwardedUser: v.TRUST_FORWARDED_USER,
      ssoCookieName: v.SSO_COOKIE_NAME,
      ssoJwtSecret: v.SSO_JWT_SECRET,
      ssoSessionTtlMs: v.SSO_SESSION_TTL,
      coreGraphqlUrl: v.CORE_GRAPHQL_URL,
      coreMetricsUrl: v.CORE_METRICS_URL,
      coreAdminKey: v.CORE_ADMIN_KEY,
      artworkApiKey: v.ARTWORK_API_KEY,
      artworkApiUrl: v.ARTWORK_API_URL.replace(/\/+$/, ''),
      artworkRatePerSecond: v.SERVICE_ARTWORK_RATE,
    },
    storage: { limitBytes: v.SERVICE_STORAGE_LIMIT ?? null },
    backup: { dir: v.SERVICE_BACKUP_DIR ?? null, intervalMs: v.SERVICE_BACKUP_INTERVAL, keep: v.SERVICE_BACKUP_KEEP },
    sync: { sources: v.SERVICE_SYNC_SOURCES ?? [], intervalMs: v.SERVICE_SYNC_INTERVAL },
  })
}

function readValues(env: Env): Values {
  const rawByName: Record<string, string> = {}
  const values: Record<string, unknown> = {}
  for (const [name, declaration] of Object.entries(variables) as [VariableName, Variable<unknown>][]) {
    // An empty value counts as unset: compose files often carry `KEY=` lines.
    const given = env[name]?.trim() ? env[name]! : undefined
    const raw = given ?? expandReferences(declaration.default, rawByName)
    if (raw === undefined) {
      values[name] = undefined
      continue
    }
    const parsed = declaration.type.parse(raw)
    if (parsed === undefined) throw ConfigError.invalidValue(name, declaration.type.redact?.(raw) ?? raw, declaration.type.accepts)
    rawByName[name] = raw
    values[name] = parsed
  }
  return values as Values
}

function expandReferences(template: string | undefined, rawByName: Record<string, string>): string | undefined {
  return template?.replace(/\$([A-Z_]+)/g, (_, name: string) => rawByName[name] ?? '')
}

function deepFreeze<T extends object>(value: T): T {
  for (const inner of Object.values(value)) {
    if (inner && typeof inner === 'object') deepFreeze(inner)
  }
  return Object.freeze(value)
}
