import type { Config } from '../config'
import type { Logger, LogThreshold } from '../log'
import { createDashboardApp } from './app'
import { createAuditService } from './audit'
import { createAuthService, createDashboardApiKey, createSessionLifecycle, loadSessionSecret } from './auth'
import { createCoreClient, createResponseCache } from './core-client'
import { createCrawlerControlService } from './crawler'
import { createDemoSeedService } from './demo'
import { createDownloadClientService } from './download-clients'
import { createEventBus } from './events'
import { createEvidenceService } from './evidence'
import { createBlockListService, createLibraryService } from './library'
import { createNotificationTargetService, startNotificationDelivery } from './notification-targets'
import { createNotificationService } from './notifications'
import { createIndexedPosterLookup, createPosterClient, createPosterService } from './posters'
import { createApiKeyRotation, createSettingsService, metricsBeside, settingDefaults } from './settings'
import { createStatsService, createStoreSize } from './stats'
import type { OriginPolicy } from './security'
import {
  createAuditRepository,
  createDownloadClientRepository,
  createEndedSessionRepository,
  createNotificationRepository,
  createNotificationTargetRepository,
  createPosterCacheRepository,
  createSettingsOverrideRepository,
  createStateRepository,
  createWantRepository,
  openDashboardStore,
} from './store'
import { startCoreWatch } from './watcher'
import { createWantService } from './wants'

export interface RunningDashboard {
  /** The port it listens on (the configured one, or the one the OS chose for port 0). */
  port: number
  stop(): Promise<void>
}

/** Bodies the dashboard takes are small JSON documents and webhooks; larger ones are refused unread. */
const MAX_REQUEST_BODY_BYTES = 1024 * 1024

/**
 * The operator dashboard's composition root, started beside the core (`bun run start`) or alone
 * (`bun run start dashboard`). It reaches the core only over HTTP (core-client/), so it runs the
 * same when the core is on another host; `corePort` is this process's core, when there is one,
 * and `coreAdminKey` the admin key it uses (handed over in memory, so it need not be configured);
 * `logThreshold` is the level `log` writes at, which the log_level setting moves.
 * Throws MigrationError before anything listens.
 */
export function startDashboard(
  config: Config,
  log: Logger,
  options: { corePort?: number; coreAdminKey?: string; logThreshold?: LogThreshold } = {},
): RunningDashboard {
  const dashboard = buildDashboard(config, log, options)
  const app = dashboard.app.listen({
    hostname: config.http.host,
    port: config.http.dashboardPort,
    maxRequestBodySize: MAX_REQUEST_BODY_BYTES,
    // Not shared with a second instance on the same port (Elysia asks for SO_REUSEPORT).
    reusePort: false,
  })
  const port = app.server!.port!
  log.info('dashboard listening', { host: config.http.host, port, store: config.db.dashboardPath, core: dashboard.coreGraphqlUrl() })
  return {
    port,
    async stop() {
      try {
        await app.stop()
      } finally {
        await dashboard.close()
      }
    },
  }
}

/**
 * Every part of the dashboard, built and running (the core watch polls), not yet listening: tests
 * drive `app.handle`. `close()` stops the watch and closes the store.
 */
export function buildDashboard(
  config: Config,
  log: Logger,
  options: {
    corePort?: number
    coreAdminKey?: string
    watchIntervalMs?: number
    logThreshold?: LogThreshold
    deliveryBackoffMs?: readonly number[]
  } = {},
) {
  const store = openDashboardStore(config.db.dashboardPath, log)
  const state = createStateRepository(store.orm)
  const events = createEventBus()
  const cache = createResponseCache()
  // The core's address and key are settings an operator may override: read them per request.
  // (The client is only called once `settings`, below, is built.)
  const defaults = settingDefaults(config, options.corePort)
  const coreAdminKey = options.coreAdminKey ?? config.dashboard.coreAdminKey
  /** This process's core, at the address the dashboard reaches it by default. */
  const localCoreUrl = options.corePort === undefined ? undefined : `http://127.0.0.1:${options.corePort}/graphql`
  const core = createCoreClient({
    graphqlUrl: () => settings.value('core_graphql_url'),
    // Unset everywhere, the metrics live beside whichever core the GraphQL URL names now.
    metricsUrl: () =>
      config.dashboard.coreMetricsUrl === undefined && settings.value('core_metrics_url') === defaults.core_metrics_url
        ? metricsBeside(settings.value('core_graphql_url'))
        : settings.value('core_metrics_url'),
    torznabApiKey: () => settings.value('torznab_api_key') ?? undefined,
    adminKey: () => coreAdminKey,
    log: log.child({ component: 'core-client' }),
  })
  const audit = createAuditService({ repository: createAuditRepository(store.orm) })
  const { logThreshold } = options
  const settings = createSettingsService({
    repository: createSettingsOverrideRepository(store),
    audit,
    defaults,
    core,
    isCoreLocal: () => localCoreUrl !== undefined && settings.value('core_graphql_url') === localCoreUrl,
    onLogLevel: logThreshold
      ? (level) => {
          logThreshold.level = level
        }
      : undefined,
    log: log.child({ component: 'settings' }),
  })
  // Answers cached from one core must not be served once the dashboard points at another.
  settings.onChange((key) => {
    if (key !== 'core_graphql_url') return
    cache.clear()
    // Match ids count per core: another core's start from its own first one.
    state.delete('want_match_cursor')
  })
  const originPolicy = (): OriginPolicy => ({
    publicOrigin: config.dashboard.publicOrigin,
    isProxyTrusted: settings.value('trust_proxy_headers'),
  })
  const dashboardApiKey = createDashboardApiKey({ state, envKey: config.dashboard.apiKey })
  const sessions = createSessionLifecycle({ state, ended: createEndedSessionRepository(store.orm), nowMs: Date.now })
  const auth = createAuthService({
    config: config.dashboard,
    settings,
    dashboardApiKey,
    sessionSecret: loadSessionSecret({ state, configured: config.dashboard.ssoJwtSecret }),
    sessions,
    audit,
    log: log.child({ component: 'auth' }),
  })
  const notifications = createNotificationService({ repository: createNotificationRepository(store.orm), events })
  const notificationTargets = createNotificationTargetService({ repository: createNotificationTargetRepository(store.orm), audit })
  // Subscribed before anything can notify: the core watch below may on its first tick.
  const delivery = startNotificationDelivery({
    events,
    targets: notificationTargets,
    audit,
    log: log.child({ component: 'notification-delivery' }),
    backoffMs: options.deliveryBackoffMs,
  })
  const wants = createWantService({ repository: createWantRepository(store.orm), notifications })
  const storeBytes = createStoreSize(config.db.dashboardPath)
  const watch = startCoreWatch({
    core,
    cache,
    storeBytes,
    wants,
    notifications,
    events,
    state,
    recordHealth: (entry) => audit.record({ kind: 'health', ...entry, changedBy: 'dashboard' }),
    syncSettings: settings.syncCore,
    log: log.child({ component: 'core-watch' }),
    intervalMs: options.watchIntervalMs,
  })

  const library = createLibraryService({ core, cache, audit })
  const downloadClients = createDownloadClientService({
    repository: createDownloadClientRepository(store.orm),
    audit,
    findTorrents: library.findTorrents,
    log: log.child({ component: 'download-clients' }),
  })
  const app = createDashboardApp({
    core,
    library,
    blockList: createBlockListService({ core, cache, audit }),
    evidence: createEvidenceService({ core }),
    stats: createStatsService({ core, cache, storeBytes }),
    wants,
    notifications,
    auth,
    settings,
    apiKeyRotation: createApiKeyRotation({ settings, dashboardApiKey, sessions, audit }),
    audit,
    posters: createPosterService({
      cache: createPosterCacheRepository(store.orm),
      state,
      tmdb: createPosterClient({ baseUrl: config.dashboard.artworkApiUrl }),
      apiKey: () => settings.value('artwork_api_key') ?? undefined,
      indexed: createIndexedPosterLookup(core),
    }),
    events,
    demo: createDemoSeedService({ core, wants, notifications, state, log: log.child({ component: 'demo' }) }),
    crawlerControl: createCrawlerControlService({ core, audit }),
    downloadClients,
    notificationTargets,
    originPolicy,
    log,
  })
  return {
    app,
    audit,
    settings,
    auth,
    dashboardApiKey,
    sessions,
    state,
    coreGraphqlUrl: () => settings.value('core_graphql_url'),
    watch,
    events,
    delivery,
    downloadClients,
    notificationTargets,
    store,
    async close() {
      try {
        await Promise.all([watch.stop(), delivery.stop()])
      } finally {
        store.close()
      }
    },
  }
}
