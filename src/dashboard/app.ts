import { Elysia } from 'elysia'
import { jsonErrors } from '../http'
import { assetRoutes } from './pages/assets'
import { pageRoutes } from './pages/routes'
import { crossSiteGuard } from './security/cross-site-guard'
import type { OriginPolicy } from './security/request-origin'
import type { Logger } from '../log'
import { auditRoutes } from './audit/routes'
import type { AuditService } from './audit/service'
import { loginRoutes } from './auth/login-routes'
import { authPlugin } from './auth/plugin'
import { meRoutes } from './auth/routes'
import type { AuthService } from './auth/service'
import type { CoreClient } from './core-client'
import { crawlerRoutes } from './crawler/routes'
import type { CrawlerControlService } from './crawler/service'
import { demoRoutes } from './demo/routes'
import { downloadClientRoutes } from './download-clients/routes'
import type { DownloadClientService } from './download-clients/service'
import type { DemoSeedService } from './demo/service'
import type { EventBus } from './events/event-bus'
import { eventRoutes } from './events/routes'
import { evidenceRoutes } from './evidence/routes'
import type { EvidenceService } from './evidence/service'
import { libraryRoutes } from './library/routes'
import type { BlockListService } from './library/block-list'
import type { LibraryService } from './library/service'
import { notificationTargetRoutes } from './notification-targets/routes'
import type { NotificationTargetService } from './notification-targets/service'
import { notificationRoutes } from './notifications/routes'
import type { NotificationService } from './notifications/service'
import { posterRoutes } from './posters/routes'
import type { PosterService } from './posters/service'
import { proxyRoutes } from './proxy/routes'
import type { ApiKeyRotation } from './settings/api-key-rotation'
import { settingsRoutes } from './settings/routes'
import type { SettingsService } from './settings/service'
import { statsRoutes } from './stats/routes'
import type { StatsService } from './stats/service'
import { wantRoutes } from './wants/routes'
import type { WantService } from './wants/service'
import { pageNotFound } from './pages/not-found'
import { dashboardErrorAnswers } from './error-answers'

export interface DashboardAppDeps {
  core: CoreClient
  library: LibraryService
  blockList: BlockListService
  evidence: EvidenceService
  stats: StatsService
  wants: WantService
  notifications: NotificationService
  auth: AuthService
  settings: SettingsService
  apiKeyRotation: ApiKeyRotation
  audit: AuditService
  posters: PosterService
  events: EventBus
  demo: DemoSeedService
  crawlerControl: CrawlerControlService
  downloadClients: DownloadClientService
  notificationTargets: NotificationTargetService
  /** Which pages may send changes (DESIGN.md 7.1); read per request, trust_proxy_headers may change. */
  originPolicy: () => OriginPolicy
  log: Logger
}

/**
 * The dashboard's routes over the parts built in start.ts; /healthz first, open to all (spec 5.2.3).
 * Every route after the auth plugin needs an identity when auth is enforced.
 */
export function createDashboardApp(deps: DashboardAppDeps) {
  const auth = authPlugin(deps)
  return new Elysia({ name: 'dashboard' })
    .get('/healthz', () => ({ status: 'ok', ts: new Date().toISOString() }))
    .use(assetRoutes)
    .use(pageNotFound)
    .use(dashboardErrorAnswers)
    .use(jsonErrors({ log: deps.log }))
    .use(crossSiteGuard({ policy: deps.originPolicy, log: deps.log }))
    .use(deps.auth.offersLogin() ? loginRoutes(deps) : new Elysia({ name: 'dashboard-login' }))
    .use(pageRoutes(deps))
    .use(auth)
    .use(meRoutes({ authPlugin: auth }))
    .use(settingsRoutes({ ...deps, authPlugin: auth }))
    .use(auditRoutes(deps))
    .use(statsRoutes(deps))
    .use(crawlerRoutes({ ...deps, authPlugin: auth }))
    .use(libraryRoutes(deps))
    .use(evidenceRoutes(deps))
    .use(wantRoutes(deps))
    .use(notificationRoutes(deps))
    .use(downloadClientRoutes({ ...deps, authPlugin: auth }))
    .use(notificationTargetRoutes({ ...deps, authPlugin: auth }))
    .use(proxyRoutes(deps))
    .use(posterRoutes(deps))
    .use(eventRoutes(deps))
    .use(demoRoutes(deps))
}
