import { maskSecret } from '../../config'

/**
 * From this length a value is taken for a random key, whose last 4 characters tell two apart
 * without helping anyone guess it (the settings' API keys are shown so). A shorter one is a
 * person's password, of which 4 characters would give away too much: it shows as `****` only.
 */
const SHOWS_LAST_FOUR_FROM_LENGTH = 16

/** How a password or token is shown in answers, pages and the audit log. */
export function maskCredential(value: string): string {
  return value.length >= SHOWS_LAST_FOUR_FROM_LENGTH ? maskSecret(value) : '****'
}

/**
 * A receiver's URL as answers show it. Some URLs are themselves the secret: a Discord webhook's
 * last segment is its token, a generic webhook may carry a key in its query, and a random ntfy
 * topic is its only protection. Every query value and every path segment that could be a key (16
 * characters or more, with a letter) is masked; the scheme, host, port and short segments stay, so the operator knows which it is.
 */
export function maskUrl(raw: string): string {
  const url = URL.parse(raw)
  if (!url) return '****'
  const path = url.pathname
    .split('/')
    .map((segment) => (isKeyLike(segment) ? maskCredential(decoded(segment)) : segment))
    .join('/')
  const query = [...url.searchParams.keys()].map((key) => `${encodeURIComponent(key)}=****`).join('&')
  return `${url.origin}${path}${query ? `?${query}` : ''}`
}

/** The parts of a URL that maskUrl hides, to be redacted wherever a message might quote them. */
export function secretsOfUrl(raw: string): string[] {
  const url = URL.parse(raw)
  if (!url) return [raw]
  const segments = url.pathname.split('/').filter(isKeyLike).map(decoded)
  return [...segments, ...url.searchParams.values()]
}

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** Long and with a letter: a number of that length is an id (a Discord webhook's), not a key. */
const isKeyLike = (segment: string) => decoded(segment).length >= SHOWS_LAST_FOUR_FROM_LENGTH && /\p{L}/u.test(decoded(segment))

/** Below this length a "secret" would match ordinary words: such a value is not looked for. */
const MIN_REDACTED_LENGTH = 3

/**
 * `text` (a receiver's error, an exception's message) with every secret in it replaced by
 * `****`, as typed and URL-encoded: a receiver may echo what it was sent, and nothing a receiver
 * says may carry a secret into an answer, a log line or the audit log.
 */
export function redactSecrets(text: string, secrets: readonly (string | null | undefined)[]): string {
  let redacted = text
  for (const secret of secrets) {
    if (!secret || secret.length < MIN_REDACTED_LENGTH) continue
    for (const form of new Set([secret, encodeURIComponent(secret)])) redacted = redacted.replaceAll(form, '****')
  }
  return redacted
}
