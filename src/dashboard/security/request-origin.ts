/**
 * Where a browser is when it sends a request to the dashboard (DESIGN.md 7.1), read from headers
 * only. The dashboard serves plain HTTP; behind a reverse proxy the browser sees another address,
 * which the proxy tells in X-Forwarded-Host and X-Forwarded-Proto. Those are believed only while
 * the operator trusts the proxy (trust_proxy_headers), since anyone else could send them too.
 */
export interface OriginPolicy {
  /** DASHBOARD_PUBLIC_URL's origin, when set. */
  publicOrigin: string | undefined
  /** Whether the proxy's X-Forwarded-* headers are believed now. */
  isProxyTrusted: boolean
}

/** How a state-changing request came: from a page of the dashboard, from another page, or from no browser at all. */
export type WriteOrigin = 'same_origin' | 'foreign' | 'unmarked'

/** The first entry of a comma-separated header a chain of proxies appends to; null when absent or empty. */
function firstOf(headers: Headers, name: string): string | null {
  return headers.get(name)?.split(',')[0]?.trim() || null
}

/** `scheme://host[:port]` as a browser writes it in Origin (lower case, default port dropped); null when not one. */
function originOf(scheme: string, host: string): string | null {
  // A host with a path, user or query in it is no host a browser addressed.
  if ((scheme !== 'http' && scheme !== 'https') || !/^[^\s/?#@\\]+$/.test(host)) return null
  return URL.parse(`${scheme}://${host}`)?.origin ?? null
}

/** The scheme the browser used, as a trusted proxy says; null when it says nothing. */
function forwardedScheme(headers: Headers, policy: OriginPolicy): string | null {
  return policy.isProxyTrusted ? (firstOf(headers, 'x-forwarded-proto')?.toLowerCase() ?? null) : null
}

/**
 * Every origin the dashboard has for this request: DASHBOARD_PUBLIC_URL, the address the request
 * names (Host, over plain HTTP as the dashboard serves it) and, from a trusted proxy, the address
 * the browser opened (X-Forwarded-Host, else Host, with X-Forwarded-Proto).
 */
export function dashboardOrigins(headers: Headers, policy: OriginPolicy): string[] {
  const origins = new Set<string>()
  if (policy.publicOrigin) origins.add(policy.publicOrigin)
  const host = headers.get('host')?.trim()
  const direct = host ? originOf('http', host) : null
  if (direct) origins.add(direct)
  if (policy.isProxyTrusted) {
    const forwardedHost = firstOf(headers, 'x-forwarded-host') ?? host
    const proxied = forwardedHost ? originOf(forwardedScheme(headers, policy) ?? 'http', forwardedHost) : null
    if (proxied) origins.add(proxied)
  }
  return [...origins]
}

/**
 * Judges a state-changing request by what the browser marked it with: its `Origin` must be one of
 * the dashboard's; without one, `Sec-Fetch-Site` must be `same-origin` (a sibling subdomain or
 * another port is `same-site`, which is not enough). A request with neither header was not sent
 * by a browser on a web page (curl, scripts, the *arr apps): `unmarked`, judged by its credentials.
 */
export function judgeWriteOrigin(headers: Headers, policy: OriginPolicy): WriteOrigin {
  const origin = headers.get('origin')
  if (origin !== null) {
    // `Origin: null` (a sandboxed frame, a file, a redirect across sites) names no page of ours.
    const parsed = URL.parse(origin)
    return parsed && dashboardOrigins(headers, policy).includes(parsed.origin) ? 'same_origin' : 'foreign'
  }
  const site = headers.get('sec-fetch-site')
  if (site === null) return 'unmarked'
  return site === 'same-origin' ? 'same_origin' : 'foreign'
}

/** Whether the browser reached the dashboard over HTTPS: an https DASHBOARD_PUBLIC_URL, or a trusted proxy saying so. */
export function isServedOverHttps(headers: Headers, policy: OriginPolicy): boolean {
  return policy.publicOrigin?.startsWith('https:') === true || forwardedScheme(headers, policy) === 'https'
}
