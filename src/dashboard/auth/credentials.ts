import type { Credentials } from './model'

/** The value of cookie `name` in a Cookie header, or null. */
function readCookie(header: string | null, name: string): string | null {
  for (const pair of header?.split(';') ?? []) {
    const separator = pair.indexOf('=')
    if (separator > 0 && pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim()
  }
  return null
}

/** What a request presents to each tier of spec 5.2; the session cookie is the one named `cookieName`. */
export function readCredentials(request: Request, cookieName: string, clientAddress: string): Credentials {
  const headers = request.headers
  const apiKeys: string[] = []
  // A Host header that is not a host name leaves request.url path-only: parse against a placeholder.
  const fromQuery = new URL(request.url, 'http://localhost').searchParams.get('apikey')
  if (fromQuery) apiKeys.push(fromQuery)
  const [scheme, bearer] = (headers.get('authorization') ?? '').trim().split(/\s+/, 2)
  if (bearer && scheme?.toLowerCase() === 'bearer') apiKeys.push(bearer)
  const fromHeader = headers.get('x-api-key')
  if (fromHeader) apiKeys.push(fromHeader)
  return {
    apiKeys,
    proxyUser: headers.get('x-auth-user'),
    forwardedUser: headers.get('x-forwarded-user'),
    sessionToken: readCookie(headers.get('cookie'), cookieName),
    clientAddress,
  }
}
