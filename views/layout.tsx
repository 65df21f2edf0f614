import type { Child } from 'hono/jsx'
import { PAGES, type PagePath } from './nav'

/** The id of the nav's unread count, which a page's action may refresh out of band (htmx). */
export const UNREAD_BADGE_ID = 'nav-unread'

/**
 * The nav's unread count; an empty span when there is none, so a swap has a target. It refetches
 * itself on each new notification (the event stream) and every 10 s without it (DESIGN.md 5.7).
 */
export function UnreadBadge(props: { unread: number; isOutOfBand?: boolean }) {
  const oob = props.isOutOfBand ? { 'hx-swap-oob': 'true' } : {}
  const live = { 'hx-get': '/notifications/badge', 'hx-trigger': 'sse:notification, every 10s', 'hx-swap': 'outerHTML' }
  if (props.unread === 0) return <span id={UNREAD_BADGE_ID} {...live} {...oob} />
  return (
    <span id={UNREAD_BADGE_ID} class="badge" {...live} {...oob}>
      {props.unread}
      <span class="visually-hidden"> unread</span>
    </span>
  )
}

/** What a page carries for the layout around it, beside its own content. */
export interface PageChrome {
  /** Unread notifications, beside Notifications in the nav. */
  unread: number
  /** A sign-out button in the header: people sign in here with a session cookie (AUTH_METHOD forms). */
  signOut: boolean
  coreUnavailable?: boolean
}

/** The layout's props from a page's PageChrome. */
export function chromeOf(props: PageChrome): Pick<LayoutProps, 'unreadNotifications' | 'signOut' | 'coreUnavailable'> {
  return { unreadNotifications: props.unread, signOut: props.signOut, coreUnavailable: props.coreUnavailable }
}

export interface LayoutProps {
  /** The page's one `<h1>` and the start of its `<title>`. */
  title: string
  /** Which nav entry is this page. */
  active: PagePath | null
  /** Shown beside Notifications in the nav when above 0. */
  unreadNotifications: number
  /** Set when the core cannot be reached: every page says so at the top (DESIGN.md 5). */
  coreUnavailable?: boolean
  /** False on /login: a person who has not signed in has nowhere else to go yet. */
  nav?: boolean
  /** A sign-out button after the nav (PageChrome). */
  signOut?: boolean
  children?: Child
}

/**
 * The only layout (STYLE.md 15). Every asset is served by the dashboard itself: htmx, its SSE
 * extension and the CSS. The body holds the page's one connection to /api/events, which any live
 * part subscribes to (`hx-trigger="sse:<event>"`); parts poll every 10 s as well, for when it drops.
 */
export function Layout(props: LayoutProps) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        {/* htmx would inject its indicator styles inline; the page's CSP is self-only for scripts. */}
        <meta name="htmx-config" content='{"includeIndicatorStyles":false,"allowEval":false}' />
        <title>{`${props.title} · dht-indexer`}</title>
        <link rel="stylesheet" href="/assets/app.css" />
        <link rel="icon" href="data:," />
        <script src="/assets/htmx.min.js" defer />
        <script src="/assets/sse.js" defer />
        <script src="/assets/app.js" defer />
      </head>
      {/* One event stream per page, for every live part in it (the nav's badge on every page). */}
      <body hx-ext="sse" sse-connect={props.nav === false ? undefined : '/api/events'}>
        <header class="top">
          <a class="brand" href="/">
            dht-indexer
          </a>
          {props.nav === false ? null : (
            <nav aria-label="Pages">
              <ul>
                {PAGES.map((page) => (
                  <li>
                    <a href={page.path} aria-current={page.path === props.active ? 'page' : undefined}>
                      {page.label}
                      {page.path === '/notifications' ? <UnreadBadge unread={props.unreadNotifications} /> : null}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {props.nav !== false && props.signOut ? (
            <form class="sign-out" method="post" action="/logout">
              <button type="submit" class="secondary">
                Sign out
              </button>
            </form>
          ) : null}
        </header>
        <main>
          {props.coreUnavailable ? (
            <p class="banner" role="alert">
              The indexer core cannot be reached. What the dashboard keeps itself is shown; the rest comes back when the core does.
            </p>
          ) : null}
          <h1>{props.title}</h1>
          {props.children}
        </main>
      </body>
    </html>
  )
}
