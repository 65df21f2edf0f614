import type { HtmlEscapedString } from 'hono/utils/html'
import { revealHiddenCharacters } from '../../../views/hidden-characters'
import type { PageChrome } from '../../../views/layout'

type Rendered = HtmlEscapedString | Promise<HtmlEscapedString>

/**
 * Every page and partial leaves through here with its hidden characters shown as markers
 * (issue 29.3): stored text (names, paths, titles, notes) may hold bidi controls or invisible
 * characters, and no page shows them raw. Our own markup holds none, so the whole document is
 * read, attributes too (a title tooltip or a field's value lies the same way).
 */
const shown = async (node: Rendered): Promise<string> => revealHiddenCharacters(String(await node))

/** A whole page: the doctype, then the layout's markup (escaped by construction by hono/jsx). */
export async function htmlPage(node: Rendered, status = 200): Promise<Response> {
  return new Response(`<!doctype html>${await shown(node)}`, { status, headers: PAGE_HEADERS })
}

/** A partial for htmx to swap in (STYLE.md 15: a route answers it when HX-Request is set). */
export async function htmlPartial(node: Rendered, status = 200, headers: Record<string, string> = {}): Promise<Response> {
  return new Response(await shown(node), { status, headers: { ...PAGE_HEADERS, ...headers } })
}

/**
 * Tells the page which of its parts went stale (htmx fires these events on the body; the parts
 * that show them refetch themselves), e.g. the audit log after a settings change.
 */
export function staleParts(...events: string[]): Record<string, string> {
  return { 'hx-trigger': events.join(', ') }
}

/** Pages show live data and per-user state: never cached, never framed by another site. */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'content-security-policy':
    "default-src 'self'; img-src 'self' https://image.tmdb.org data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
}

/** Whether htmx sent the request (it wants the partial, not the page). */
export function isHtmx(request: Request): boolean {
  return request.headers.get('hx-request') === 'true'
}

/**
 * What every page's layout shows beside its content (PageChrome): the nav's unread count, and
 * the sign-out button where people sign in with the session cookie.
 */
export function pageChrome(deps: { notifications: { countUnread(): number }; auth: { offersLogin(): boolean } }): PageChrome {
  return { unread: deps.notifications.countUnread(), signOut: deps.auth.offersLogin() }
}
