import { BadRequestError } from '../../http'

/** Longest address the dashboard stores for a service it calls. */
export const MAX_URL_LENGTH = 2048

/**
 * An address the dashboard calls out to (a download client, a notification receiver), read from
 * what an operator typed: an http:// or https:// URL with a host and without a user name or
 * password in it. Credentials have their own fields so that answers and logs can mask them; in the
 * URL they would be shown as typed. The fragment is dropped: it never reaches the server anyway.
 */
export function readReceiverUrl(raw: string, field = 'url'): URL {
  const url = URL.parse(raw.trim())
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '')
    throw new BadRequestError(`${field}: must be an http:// or https:// URL`)
  if (url.username !== '' || url.password !== '')
    throw new BadRequestError(`${field}: put the user name and password in their own fields, not in the URL`)
  url.hash = ''
  return url
}
