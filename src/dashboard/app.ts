import { Elysia } from 'elysia'
import { jsonErrors } from '../http'
import { assetRoutes, pageNotFound } from './page-kit'
import { crossSiteGuard, type OriginPolicy } from './security'
import type { Logger } from '../log'
import { auditRoutes, type AuditService } from './audit'
import { authPlugin, type AuthService, loginRoutes, meRoutes, pageAuth } from './auth'
import type { CoreClient } from './core-client'
import { type CrawlerControlService, crawlerPanel, crawlerRoutes } from './crawler'
import { demoRoutes, type DemoSeedService } from './demo'
import { downloadClientRoutes, type DownloadClientService, librarySend } from './download-clients'
import { type EventBus, eventRoutes } from './events'
import { evidenceApiRoutes, evidencePage, type EvidenceService } from './evidence'
import { blockListPage, type BlockListService, libraryBulk, libraryPage, libraryRoutes, type LibraryService } from './library'
import { notificationTargetRoutes, type NotificationTargetService } from './notification-targets'
import { notificationRoutes, type NotificationService, notificationsPage } from './notifications'
import { posterRoutes, type PosterService } from './posters'
import { proxyRoutes } from './proxy'
import {
  type ApiKeyRotation,
  downloadClientsPanel,
  notificationTargetsPanel,
  settingsPage,
  settingsRoutes,
  type SettingsService,
  setupPage,
} from './settings'
import { overviewPage, statsRoutes, type StatsService } from './stats'
import { wantRoutes, type WantService, wantsPage } from './wants'
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
 * Every page (DESIGN.md 5.8), behind pageAuth. Mounted before the API's auth plugin, whose JSON
 * 401 is for API clients; pageAuth's hooks are scoped to this instance's parent only through this
 * one `use`, and this instance holds nothing but pages.
 */
const pageRoutes = (deps: DashboardAppDeps) =>
  new Elysia({ name: 'dashboard-pages' })
    .use(pageAuth(deps))
    .use(notificationsPage(deps))
    .use(overviewPage(deps))
    .use(crawlerPanel(deps))
    .use(evidencePage(deps))
    .use(setupPage(deps))
    .use(settingsPage(deps))
    .use(downloadClientsPanel(deps))
    .use(notificationTargetsPanel(deps))
    .use(libraryPage(deps))
    .use(librarySend(deps))
    .use(libraryBulk(deps))
    .use(blockListPage(deps))
    .use(wantsPage(deps))

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
    .use(evidenceApiRoutes(deps))
    .use(wantRoutes(deps))
    .use(notificationRoutes(deps))
    .use(downloadClientRoutes({ ...deps, authPlugin: auth }))
    .use(notificationTargetRoutes({ ...deps, authPlugin: auth }))
    .use(proxyRoutes(deps))
    .use(posterRoutes(deps))
    .use(eventRoutes(deps))
    .use(demoRoutes(deps))
}
