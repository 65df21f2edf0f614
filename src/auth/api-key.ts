import { timingSafeEqual } from 'node:crypto'

/**
 * The places a client may put an API key, all accepted because the clients differ: Torznab
 * clients append `apikey=`; the *arr webhook settings offer a Bearer header or HTTP basic auth,
 * whose password field then carries the key.
 */
export function presentedApiKeys(request: Request): string[] {
  const keys: string[] = []
  // A Host header that is not a host name leaves request.url path-only: parse against a placeholder.
  // Any case of the name (`APIKEY=`): Torznab's parameter names are case-insensitive.
  // The first one only, as before: a request is one attempt, not a list of keys to try.
  for (const [name, value] of new URL(request.url, 'http://localhost').searchParams) {
    if (name.toLowerCase() !== 'apikey') continue
    if (value) keys.push(value)
    break
  }
  const authorization = request.headers.get('authorization') ?? ''
  const [scheme, value] = authorization.split(/\s+/, 2)
  if (value && scheme?.toLowerCase() === 'bearer') keys.push(value)
  if (value && scheme?.toLowerCase() === 'basic') {
    const decoded = Buffer.from(value, 'base64').toString('utf8')
    keys.push(decoded.slice(decoded.indexOf(':') + 1))
  }
  return keys
}

/** True when no key is configured, or when any presented key equals it (constant-time). */
export function isAuthorised(request: Request, configuredKey: string | undefined): boolean {
  if (!configuredKey) return true
  return presentedApiKeys(request).some((key) => constantTimeEqual(key, configuredKey))
}

export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  // Compare against itself on a length mismatch so the time spent does not reveal the length.
  return left.length === right.length ? timingSafeEqual(left, right) : !timingSafeEqual(right, right)
}
