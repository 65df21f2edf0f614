import { Elysia, t } from 'elysia'
import { LoginPage } from '../../../views/pages/login'
import { htmlPage } from '../page-kit'
import { isServedOverHttps, type OriginPolicy } from '../security'
import { clientAddressOf, readCookie } from './credentials'
import { TooManyAuthFailuresError } from './errors'
import type { AuthService } from './service'

/** Who a forms session is: one operator, who proved it with the dashboard API key. */
const FORMS_SUBJECT = 'operator'

const LoginBody = t.Object({
  api_key: t.String({ maxLength: 256, error: 'must be the dashboard API key' }),
  next: t.Optional(t.String({ maxLength: 2048 })),
})

/** Only a path of this site: `//host` or `https://...` would send the browser elsewhere after sign-in. */
function safeNext(next: string | undefined): string {
  if (!next?.startsWith('/')) return '/'
  // Read as a browser reads a Location: it drops tabs and newlines and takes `\` for `/`, so
  // `/\t/evil.example` is `//evil.example`, another site. Only a path on this origin is kept.
  const url = URL.parse(next, SAME_ORIGIN)
  if (url?.origin !== SAME_ORIGIN) return '/'
  // Dot segments resolve away (`/.//evil.example` is the path `//evil.example`): a path that now
  // starts with two slashes would be another site once sent as a Location.
  const path = `${url.pathname}${url.search}${url.hash}`
  return path.startsWith('//') ? '/' : path
}

const SAME_ORIGIN = 'http://dashboard.invalid'

/**
 * GET/POST /login and POST /logout (DESIGN.md 3.9): the page takes the dashboard API key and sets
 * the tier-4 session cookie (Secure when the browser came over HTTPS); sign-out ends the session
 * on the server, not only in the browser. Mounted only where that cookie is read (auth enforced,
 * AUTH_METHOD forms or unset), before the auth plugin: signing in must not need a session. An
 * address that gave too many wrong keys is answered 429 with Retry-After, the page saying when.
 */
export const loginRoutes = (deps: { auth: AuthService; originPolicy: () => OriginPolicy }) =>
  new Elysia({ name: 'dashboard-login' })
    .get('/login', ({ query }) => htmlPage(LoginPage({ next: safeNext(query.next) })), {
      query: t.Object({ next: t.Optional(t.String({ maxLength: 2048 })) }),
    })
    .post(
      '/login',
      async ({ body, request, server, set }) => {
        const next = safeNext(body.next)
        const clientAddress = clientAddressOf(request, server?.requestIP(request)?.address, deps.auth.trustsProxy())
        let signedIn: boolean
        try {
          signedIn = deps.auth.signInWithKey(body.api_key, clientAddress)
        } catch (err) {
          if (!(err instanceof TooManyAuthFailuresError)) throw err
          const error = `Too many wrong keys from your address. Try again in ${err.retryAfterSeconds} seconds.`
          const page = await htmlPage(LoginPage({ next, error }), 429)
          page.headers.set('retry-after', String(err.retryAfterSeconds))
          return page
        }
        if (!signedIn) return htmlPage(LoginPage({ next, error: 'That is not the dashboard API key.' }), 401)
        set.status = 303
        set.headers.location = next
        set.headers['set-cookie'] = await deps.auth.issueSessionCookie(
          FORMS_SUBJECT,
          isServedOverHttps(request.headers, deps.originPolicy()),
        )
        return ''
      },
      { body: LoginBody },
    )
    .post('/logout', async ({ request, set }) => {
      const token = readCookie(request.headers.get('cookie'), deps.auth.cookieName())
      set.status = 303
      set.headers.location = '/login'
      set.headers['set-cookie'] = await deps.auth.signOut(token, isServedOverHttps(request.headers, deps.originPolicy()))
      return ''
    })
