import type { Credentials } from './model'

/** The value of cookie `name` in a Cookie header, or null. */
export function readCookie(header: string | null, name: string): string | null {
  for (const pair of header?.split(';') ?? []) {
    const separator = pair.indexOf('=')
    if (separator > 0 && pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim()
  }
  return null
}

/**
 * Who is asking: the socket's peer, or behind a trusted proxy the address that proxy saw, the
 * last entry of X-Forwarded-For (earlier entries are whatever the client wrote there). Without
 * it, every browser behind the proxy would share the proxy's address, and its failure count.
 */
export function clientAddressOf(request: Request, socketAddress: string | undefined, isProxyTrusted: boolean): string {
  const forwarded = isProxyTrusted ? request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() : undefined
  return forwarded || socketAddress || 'unknown'
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
