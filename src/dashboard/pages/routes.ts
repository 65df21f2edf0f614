import { Elysia } from 'elysia'
import type { AuditService } from '../audit/service'
import type { AuthService } from '../auth/service'
import type { CoreClient } from '../core-client'
import type { CrawlerControlService } from '../crawler/service'
import type { DownloadClientService } from '../download-clients/service'
import type { NotificationTargetService } from '../notification-targets/service'
import type { EvidenceService } from '../evidence/service'
import type { BlockListService } from '../library/block-list'
import type { LibraryService } from '../library/service'
import type { NotificationService } from '../notifications/service'
import type { PosterService } from '../posters/service'
import type { ApiKeyRotation } from '../settings/api-key-rotation'
import type { SettingsService } from '../settings/service'
import type { StatsService } from '../stats/service'
import type { WantService } from '../wants/service'
import { crawlerPanel } from './crawler-panel'
import { downloadClientsPanel } from './download-clients-panel'
import { notificationTargetsPanel } from './notification-targets-panel'
import { libraryPage } from './library-page'
import { libraryBulk } from './library-bulk'
import { librarySend } from './library-send'
import { blockListPage } from './block-list-page'
import { evidencePage } from './evidence-page'
import { notificationsPage } from './notifications-page'
import { overviewPage } from './overview-page'
import { pageAuth } from './page-auth'
import { settingsPage } from './settings-page'
import { wantsPage } from './wants-page'
import { setupPage } from './setup-page'

export interface PageDeps {
  auth: AuthService
  core: CoreClient
  stats: StatsService
  evidence: EvidenceService
  settings: SettingsService
  apiKeyRotation: ApiKeyRotation
  audit: AuditService
  notifications: NotificationService
  library: LibraryService
  blockList: BlockListService
  posters: PosterService
  wants: WantService
  crawlerControl: CrawlerControlService
  downloadClients: DownloadClientService
  notificationTargets: NotificationTargetService
}

/**
 * Every page (DESIGN.md 5.8), behind pageAuth. Mounted before the API's auth plugin, whose JSON
 * 401 is for API clients; pageAuth's hooks are scoped to this instance's parent only through this
 * one `use`, and this instance holds nothing but pages.
 */
export const pageRoutes = (deps: PageDeps) =>
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
