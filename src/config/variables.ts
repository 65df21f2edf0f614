/**
 * Every environment variable the service reads, declared once: its type, its default and why it
 * exists. `$NAME` in a default refers to a variable declared above it.
 */
import * as value from './value-types'
import type { ValueType } from './value-types'
import { dailyWindows } from './daily-windows'
import { DEFAULT_METAINFO_LIMITS } from '../metainfo'

/** The dashboard's authentication modes (DESIGN.md 3.9). */
export const AUTH_METHODS = ['none', 'apikey', 'external', 'forms'] as const
export type AuthMethod = (typeof AUTH_METHODS)[number]

/** What one process of a deployment runs (issue 36); `all` is the single process of a NAS. */
export const SERVICE_ROLES = ['all', 'api', 'crawler', 'worker'] as const
export type ServiceRole = (typeof SERVICE_ROLES)[number]

export interface Variable<T> {
  type: ValueType<T>
  /** Unset (or empty) without a default means "not configured". */
  default?: string
  why: string
}

function variable<T>(type: ValueType<T>, defaultValue: string, why: string): Variable<T> & { default: string } {
  return { type, default: defaultValue, why }
}

function optional<T>(type: ValueType<T>, why: string): Variable<T> {
  return { type, why }
}

export const variables = {
  HOST: variable(value.text, '0.0.0.0', 'address both HTTP servers bind; 0.0.0.0 lets the *arr apps on the LAN reach them'),
  CORE_PORT: variable(value.bindPort, '3333', 'core HTTP port: Torznab, GraphQL, /healthz, /import (bitmagnet uses the same)'),
  BASE_URL: optional(
    value.publicBaseUrl,
    'public URL of the core, e.g. https://indexer.example/ behind a reverse proxy; written into the Torznab self links. Unset, those links are path-only (/torznab/api): the Host header a client sends is never trusted',
  ),
  DASHBOARD_PORT: variable(value.bindPort, '8080', 'operator dashboard HTTP port'),
  DATA_DIR: variable(value.filePath, './data', 'folder for both databases; mount it as a volume to keep the index'),
  DATABASE_PATH: variable(value.filePath, '$DATA_DIR/index.db', 'core SQLite database (torrents, files, classification)'),
  DATABASE_URL: optional(
    value.postgresUrl,
    'keep the core index in PostgreSQL instead of DATABASE_PATH (postgres://USER:PASSWORD@HOST:5432/DB); the tables are created at start, no index.db is made. The dashboard store stays SQLite',
  ),
  DATABASE_READ_URL: optional(
    value.postgresUrlList,
    "hot standbys of DATABASE_URL's server, comma-separated: Torznab and GraphQL searches read there, writes stay on DATABASE_URL",
  ),
  SERVICE_ROLE: variable(
    value.oneOf(SERVICE_ROLES),
    'all',
    'what this process runs: all (one process), api (HTTP only), crawler (DHT crawl and metadata fetch), worker (queue jobs, enrichment, eviction, webhooks; one at a time). Any but all needs DATABASE_URL',
  ),
  DASHBOARD_DB_PATH: variable(
    value.filePath,
    '$DATA_DIR/dashboard.db',
    'dashboard store, kept apart so the index can be rebuilt without losing settings',
  ),
  LOG_LEVEL: variable(value.logLevel, 'info', 'debug logs every packet; info is lifecycle only'),
  TORZNAB_API_KEY: optional(
    value.text,
    'when set, the Torznab feed, /import and /export require it (query apikey or Bearer); empty leaves them open',
  ),
  SERVICE_DHT_ENABLED: variable(value.boolean, 'true', 'crawl the public DHT; turn off to serve only imported torrents'),
  SERVICE_DHT_HOST: variable(value.text, '0.0.0.0', 'UDP address of the DHT node'),
  SERVICE_DHT_PORT: variable(value.bindPort, '4413', 'UDP port of the DHT node; forward it on the router for a healthy crawl'),
  SERVICE_DHT_BOOTSTRAP: variable(
    value.hostPortList,
    'router.bittorrent.com:6881,dht.transmissionbt.com:6881,router.utorrent.com:6881,dht.libtorrent.org:25401',
    'nodes to join the DHT through when no saved routing table is usable',
  ),
  SERVICE_PEER_PORT: variable(
    value.bindPort,
    '4413',
    'TCP port announced to peers for the metadata exchange (same number as the DHT, as clients do)',
  ),
  SERVICE_DHT_SCALE: variable(
    value.integer(1, 100),
    '1',
    "the one knob for crawl speed: multiplies the query rate and the metadata fetches; 1 is gentle on a home router (bitmagnet's default saturates them), raise it on a fast link",
  ),
  SERVICE_DHT_QUERIES_PER_SECOND: optional(
    value.integer(1, 100_000),
    'DHT queries sent per second; unset means 40 x SERVICE_DHT_SCALE. Each new peer address costs the router a NAT entry for about a minute',
  ),
  SERVICE_DHT_METADATA_FETCHES: optional(
    value.integer(1, 10_000),
    'metadata downloads (TCP connections) at once; unset means 32 x SERVICE_DHT_SCALE (most peers time out, so slots wait more than they work)',
  ),
  SERVICE_DHT_MAX_NODES: variable(
    value.integer(16, 1_000_000),
    '2000',
    'DHT nodes the crawler keeps to sample from; 2,000 is ~0.5 MB and keeps a steady supply of new hashes',
  ),
  SERVICE_DHT_SCHEDULE: optional(
    dailyWindows,
    'quiet hours: crawl only within these daily windows of local time (the TZ variable; UTC when unset), e.g. 01:00-07:00; outside them the crawler sends no DHT queries. Unset, it crawls around the clock',
  ),
  SERVICE_DHT_FETCH_TIMEOUT: variable(
    value.durationMs,
    '10m',
    'how long a fetch by hash or magnet looks for peers before it is marked not found; the DHT is asked again every 30 s meanwhile',
  ),
  SERVICE_DHT_RESCRAPE_INTERVAL: variable(
    value.intervalOrOff,
    '7d',
    "how old a stored torrent's swarm count may grow before the crawler checks it again (a BEP 33 scrape, oldest check first), so the *arr apps rank by live seeders rather than last year's; off checks only torrents found or searched for",
  ),
  SERVICE_DHT_RESCRAPE_RATE: variable(
    value.decimal(0.1, 1000),
    '5',
    'most scheduled swarm checks a second; each costs 4 to 12 DHT queries paid from SERVICE_DHT_QUERIES_PER_SECOND, of which checks take at most half so the crawl keeps the rest (at the default 40 queries/s, 5 checks/s fit when the first nodes asked know the torrent). 5 re-checks 3M torrents a week',
  ),
  SERVICE_DHT_SEEN_FILTER_MB: variable(
    value.integer(1, 1024),
    '16',
    'memory of the filter that skips hashes already indexed; 16 MB holds 13M hashes at 1 % false hits (each hit is confirmed in the database)',
  ),
  SERVICE_SEARCH_TIMEOUT: variable(
    value.durationMs,
    '10s',
    'longest a search may run before the feed answers error 203; the *arr apps give up after 100s',
  ),
  SERVICE_SEARCH_WORKERS: variable(
    value.integer(1, 16),
    '2',
    'most threads that run searches (Torznab and GraphQL) side by side; one runs while idle, more start while searches overlap and stop after 30 s idle; one per core suits a NAS',
  ),
  SERVICE_SEARCH_CACHE_MB: variable(
    value.integer(1, 1024),
    '8',
    "SQLite page cache of each search thread's connection, held for good once filled; pages past it come from the OS's file cache (shared by all). 2 suits a small NAS (about 12 MB less RSS with two threads, a little slower on common words)",
  ),
  SERVICE_RANK_RELEVANCE: variable(value.decimal(0, 10), '1', 'weight of text relevance in the order of search results'),
  SERVICE_RANK_CONFIDENCE: variable(
    value.decimal(0, 10),
    '0.3',
    "weight of the classifier's confidence: a torrent surely of its type ranks higher",
  ),
  SERVICE_RANK_EVIDENCE: variable(value.decimal(0, 10), '0.3', 'weight of what the *arr apps reported (grabs up, failed downloads down)'),
  SERVICE_RANK_FRESHNESS: variable(value.decimal(0, 10), '0.2', 'weight of recency: newer releases rank higher'),
  SERVICE_RANK_FRESHNESS_HALF_LIFE_DAYS: variable(value.integer(1, 36500), '90', 'age in days at which the recency bonus has halved'),
  SERVICE_TORZNAB_RATE_LIMIT: variable(
    value.integer(0, 1_000_000),
    '0',
    'Torznab requests per minute per client (key or address); 0 turns the limit off, as a LAN setup wants',
  ),
  SERVICE_INTAKE_RATE_LIMIT: variable(
    value.integer(0, 1_000_000),
    '300',
    'requests per minute per client address to the evidence intake and POST /import, answered 429 with Retry-After past it; an *arr app posts one to three events per grab and one per imported file (a season pack, a few dozen at once), and apps in containers may share one address; 0 turns the limit off',
  ),
  SERVICE_GRAPHQL_MAX_BODY: variable(
    value.sizeInBytes(64 * 1024, '64KiB'),
    '1MiB',
    'largest GraphQL request body; the largest real query (a page of 1,000 info hashes) is under 60 KB, and a larger body is read in full before it can be refused, so this bounds memory per request',
  ),
  SERVICE_GRAPHQL_MAX_LIST: variable(
    value.integer(1, 1_000_000),
    '1000',
    'most items in one list argument of a GraphQL request (infoHashes, tagNames, wants...); a list of a million hashes held a search thread for seconds',
  ),
  SERVICE_MAX_NAME_LENGTH: variable(
    value.integer(64, 65_536),
    String(DEFAULT_METAINFO_LIMITS.nameChars),
    'characters of a torrent name kept; a longer one is cut and ends in … (file systems cap a name at 255 bytes, so no real torrent is cut); every feed item carries it',
  ),
  SERVICE_MAX_PATH_LENGTH: variable(
    value.integer(64, 65_536),
    String(DEFAULT_METAINFO_LIMITS.pathChars),
    'characters of a file path inside a torrent kept; a longer one is cut and ends in …',
  ),
  SERVICE_MAX_FILES_PER_TORRENT: variable(
    value.integer(1, 1_000_000),
    String(DEFAULT_METAINFO_LIMITS.files),
    'files stored per torrent, in its own order; the rest are counted (files count, total size) but not listed. A torrent of a million files otherwise took a gigabyte to parse and a file row each',
  ),
  SERVICE_INGEST_BATCH_SIZE: variable(
    value.integer(1, 100_000),
    '1000',
    'torrents per write transaction; larger is faster to import, smaller keeps each commit short',
  ),
  SERVICE_IMPORT_WORKERS: variable(
    value.threadCount(16, 4),
    'auto',
    "threads that parse and classify imported JSON lines beside the one database writer; auto is one per core but one (the writer's), at most 4 (the writer is then the limit), 0 on one core; each holds its own classifier, about 10 MB",
  ),
  SERVICE_INGEST_FLUSH_INTERVAL: variable(value.durationMs, '500ms', 'longest a torrent waits in a partial batch before it is written'),
  SERVICE_EVIDENCE_GRAB_WEIGHT: variable(value.decimal(0, 100), '0.1', 'evidence score a grab adds: someone chose this release'),
  SERVICE_EVIDENCE_SUCCESS_WEIGHT: variable(value.decimal(0, 100), '1', 'evidence score a successful download or import adds'),
  SERVICE_EVIDENCE_FAILURE_PENALTY: variable(
    value.decimal(0, 100),
    '1',
    'evidence score a failed download or import takes away, lowering the release in search',
  ),
  SERVICE_EVIDENCE_WEBHOOK_URL: optional(value.httpUrl, 'when set, newly classified releases are POSTed there as JSON batches'),
  SERVICE_EVIDENCE_BATCH_SIZE: variable(
    value.integer(1, 10_000),
    '100',
    'releases per outbound batch; a partial batch goes out after 30 s',
  ),
  SERVICE_EVIDENCE_WEBHOOK_TIMEOUT: variable(
    value.durationMs,
    '10s',
    'longest one delivery may take before it counts as failed and is retried',
  ),
  SERVICE_EVIDENCE_WEBHOOK_BACKOFF: variable(
    value.durationMs,
    '2s',
    'wait before the first retry of a failed delivery; it doubles for each of the 3 retries',
  ),
  SERVICE_EVIDENCE_MAX_PAYLOAD: variable(
    value.sizeInBytes(1024, '1KiB', 1024 * 1024),
    '32KiB',
    'bytes of one webhook body kept with its report for inspection; the facts read from it (torrent, event, result, label) are kept whatever its size. A season pack grab is about 20 KB',
  ),
  SERVICE_EVIDENCE_PAYLOAD_DAYS: variable(
    value.integer(1, 36_500),
    '30',
    'days a processed report keeps its body; older ones keep only their facts',
  ),
  SERVICE_EVIDENCE_PAYLOAD_BUDGET: variable(
    value.sizeBytes,
    '16MB',
    'most bytes of report bodies kept in all; past it the oldest processed reports keep only their facts, so a flood of webhooks cannot fill the disk',
  ),
  SERVICE_STORAGE_LIMIT: optional(
    value.sizeBytes,
    'largest the core database may grow on disk (e.g. 20GB), its write-ahead log included; past it the least valuable torrents are evicted. Data that is not torrents (evidence, queue) never evicts them: past its share it raises a crawler warning. Unset means no cap',
  ),
  SERVICE_BACKUP_DIR: optional(
    value.filePath,
    'folder the service writes scheduled backups of both databases to; unset means no scheduled backups',
  ),
  SERVICE_BACKUP_INTERVAL: variable(value.durationMs, '24h', 'time between scheduled backups (with SERVICE_BACKUP_DIR)'),
  SERVICE_BACKUP_KEEP: variable(
    value.integer(1, 1000),
    '7',
    'scheduled backups kept in SERVICE_BACKUP_DIR; older ones are deleted after each new one',
  ),
  SERVICE_SYNC_SOURCES: optional(
    value.exportUrlList,
    'other instances this one follows: their GET /export URLs with their keys (the Torznab key there), comma-separated. New torrents there are imported here through the same checks as any import (rules, wants, block list), each source resuming where it left off; the keys are never logged or stored',
  ),
  SERVICE_SYNC_INTERVAL: variable(
    value.durationMs,
    '15m',
    'how often each SERVICE_SYNC_SOURCES export is asked for the torrents stored since, and how long a source that failed waits before it is tried again',
  ),
  CLASSIFIER_RULES_PATH: optional(
    value.filePath,
    'a YAML rules file merged over the default rules by id (override, disable or add rules and keywords)',
  ),
  SERVICE_LLM_URL: optional(
    value.httpUrl,
    'OpenAI-compatible chat completions endpoint (a base ending in /v1 works too); when set, a model picks the content type of torrents the rules could not place for sure',
  ),
  SERVICE_LLM_MODEL: variable(value.text, 'gpt-4o-mini', 'model name sent to SERVICE_LLM_URL (for a local server, e.g. llama3.2)'),
  SERVICE_LLM_API_KEY: optional(value.text, 'Bearer token for SERVICE_LLM_URL; local servers usually need none'),
  SERVICE_LLM_TIMEOUT: variable(value.durationMs, '10s', "longest one rerank request may take; past it the rules' answer stands"),
  SERVICE_LLM_CONCURRENCY: variable(
    value.integer(1, 16),
    '2',
    'rerank requests in flight at once; a small local model on a NAS serves one or two at a time',
  ),
  REQUIRE_AUTH: variable(
    value.boolean,
    'false',
    'make the dashboard ask who you are (the tiers of AUTH_METHOD); off suits a dashboard only your LAN can reach',
  ),
  AUTH_METHOD: optional(
    value.oneOf(AUTH_METHODS),
    'how the dashboard knows you: unset tries the API key, the trusted proxy headers, then the session cookie; none is open; apikey takes only the key; external the key and proxy headers; forms the key and a /login page. Any method but none turns REQUIRE_AUTH on',
  ),
  DASHBOARD_API_KEY: optional(
    value.apiKey,
    'the dashboard API key (query apikey, Bearer or X-API-Key); distinct from TORZNAB_API_KEY. It can be rotated from the dashboard',
  ),
  TRUST_PROXY_HEADERS: variable(
    value.boolean,
    'false',
    'trust the reverse proxy in front of the dashboard: believe the x-auth-user header it sets, and its X-Forwarded-Host, X-Forwarded-Proto and X-Forwarded-For (the address the browser opened, and who is asking); keep false unless only the proxy can reach the dashboard, or anyone can claim a name',
  ),
  TRUST_FORWARDED_USER: variable(
    value.boolean,
    'false',
    'believe the X-Forwarded-User header (oauth2-proxy, Authelia); same caution as TRUST_PROXY_HEADERS',
  ),
  DASHBOARD_PUBLIC_URL: optional(
    value.webOrigin,
    'the address browsers open the dashboard at, e.g. https://dash.example.com behind a reverse proxy; a change a browser sends is taken only from a page of this address or of the one the request names (Host). An https:// address also marks the session cookie Secure',
  ),
  SSO_COOKIE_NAME: variable(value.cookieName, 'indexer_session', 'cookie holding the HS256 session token (set by /login or an SSO portal)'),
  SSO_JWT_SECRET: optional(
    value.apiKey,
    'HS256 secret of session tokens; share it with an SSO portal that mints them. Unset, one is generated and kept in the dashboard store',
  ),
  SSO_SESSION_TTL: variable(value.durationMs, '168h', 'how long a /login session lasts'),
  CORE_GRAPHQL_URL: optional(
    value.httpUrl,
    "where the dashboard reaches the core's GraphQL API; unset means this process's core (http://127.0.0.1:$CORE_PORT/graphql)",
  ),
  CORE_METRICS_URL: optional(value.httpUrl, "the core's metrics endpoint; unset means /metrics beside CORE_GRAPHQL_URL"),
  CORE_ADMIN_KEY: optional(
    value.apiKey,
    'the key the core asks of the dashboard for what only the dashboard does (settings, wants, crawler control). Unset, the core generates one and keeps it, and a dashboard in the same process takes it from there; a dashboard run apart (bun run start dashboard) needs the same value as its core',
  ),
  ARTWORK_API_KEY: optional(
    value.apiKey,
    'TMDB v3 API key for posters; unset, no artwork is fetched and nothing leaves your network for it',
  ),
  ARTWORK_API_URL: variable(value.httpUrl, 'https://api.themoviedb.org/3', 'base of the TMDB v3 API (a caching proxy or a test server)'),
  SERVICE_ARTWORK_RATE: variable(
    value.decimal(0.1, 1000),
    '10',
    "requests per second the content enrichment makes to the artwork API; TMDB's documented ceiling is about 40, so 10 leaves room for the dashboard and other tools on the same key",
  ),
} satisfies Record<string, Variable<unknown>>

export type VariableName = keyof typeof variables
