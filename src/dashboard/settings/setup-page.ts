import { Elysia } from 'elysia'
import { SetupPage, type SetupPageProps } from '../../../views/pages/setup'
import type { AuthService } from '../auth'
import type { NotificationService } from '../notifications'
import type { SettingsService } from './service'
import { htmlPage, pageChrome } from '../page-kit'

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '0.0.0.0'])

/**
 * The core's base URL as the apps should reach it: the GraphQL URL without `/graphql`. A loopback
 * host is useless to an app on another machine; when the page itself was reached by another
 * name, that name is the better guess.
 */
export function coreBaseFor(graphqlUrl: string, pageUrl: string): Pick<SetupPageProps, 'coreBaseUrl' | 'loopback'> {
  const core = new URL(graphqlUrl)
  core.pathname = core.pathname.replace(/\/graphql\/?$/, '')
  core.search = ''
  core.hash = ''
  const base = () => core.toString().replace(/\/$/, '')
  if (!LOOPBACK_HOSTS.has(core.hostname)) return { coreBaseUrl: base(), loopback: 'none' }
  const page = new URL(pageUrl)
  if (LOOPBACK_HOSTS.has(page.hostname)) return { coreBaseUrl: base(), loopback: 'kept' }
  core.hostname = page.hostname
  return { coreBaseUrl: base(), loopback: 'replaced' }
}

/** `/setup`: the Torznab URL and key, the categories and the webhook URLs, ready to copy. */
export const setupPage = (deps: { settings: SettingsService; notifications: NotificationService; auth: AuthService }) =>
  new Elysia({ name: 'dashboard-page-setup' }).get('/setup', ({ request }) =>
    htmlPage(
      SetupPage({
        ...coreBaseFor(deps.settings.value('core_graphql_url'), request.url),
        torznabApiKey: deps.settings.value('torznab_api_key'),
        ...pageChrome(deps),
      }),
    ),
  )
