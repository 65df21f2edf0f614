/**
 * How each kind of environment value is read. `accepts` is shown to the operator both in
 * `--help` and in the one-line error when a value is bad, so it says what to type, not how we parse.
 */
import { availableParallelism } from 'node:os'
import { LOG_LEVELS, type LogLevel } from '../log'

export interface ValueType<T> {
  accepts: string
  /** Returns the value, or undefined when `raw` is not acceptable. */
  parse(raw: string): T | undefined
  /** The value as an error may show it, for values that hold keys: a bad one is never echoed whole. */
  redact?(raw: string): string
}

export const text: ValueType<string> = { accepts: 'any text', parse: (raw) => raw }

export const filePath: ValueType<string> = { accepts: 'a file or folder path', parse: (raw) => raw }

export const boolean: ValueType<boolean> = {
  accepts: 'true or false (also 1/0, yes/no, on/off)',
  parse(raw) {
    const value = raw.trim().toLowerCase()
    if (['true', '1', 'yes', 'on'].includes(value)) return true
    if (['false', '0', 'no', 'off'].includes(value)) return false
    return undefined
  },
}

export function integer(min: number, max: number): ValueType<number> {
  return {
    accepts: `a whole number from ${min} to ${max}`,
    parse(raw) {
      if (!/^-?\d+$/.test(raw.trim())) return undefined
      const value = Number(raw)
      return value >= min && value <= max ? value : undefined
    },
  }
}

/**
 * A number of threads, or `auto`: one per core beside the main thread's (which the work feeds),
 * at most `autoMax`; 0 on a single core, where a thread would only add its memory.
 */
export function threadCount(max: number, autoMax: number): ValueType<number> {
  const count = integer(0, max)
  return {
    accepts: `auto, or a whole number from 0 to ${max}`,
    parse: (raw) => (raw.trim().toLowerCase() === 'auto' ? Math.max(0, Math.min(availableParallelism() - 1, autoMax)) : count.parse(raw)),
  }
}

export function decimal(min: number, max: number): ValueType<number> {
  return {
    accepts: `a number from ${min} to ${max}`,
    parse(raw) {
      if (!/^-?\d+(\.\d+)?$/.test(raw.trim())) return undefined
      const value = Number(raw)
      return value >= min && value <= max ? value : undefined
    },
  }
}

export const port: ValueType<number> = { ...integer(1, 65535), accepts: 'a port number from 1 to 65535' }

/** A port that may be 0 too, meaning "let the OS choose" (tests and second instances use it). */
export const bindPort: ValueType<number> = { ...integer(0, 65535), accepts: 'a port number from 0 to 65535' }

const DURATION_UNITS_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }

/**
 * Reads a Go-style duration written in `units` (keys longest first where one starts another, as
 * `ms` before `m`): the sum of its parts in ms, or undefined when the text is not one.
 */
function durationReader(units: Record<string, number>): (value: string) => number | undefined {
  const part = `(\\d+(?:\\.\\d+)?)(${Object.keys(units).join('|')})`
  const whole = new RegExp(`^(?:${part})+$`)
  const each = new RegExp(part, 'g')
  return (value) => {
    if (!whole.test(value)) return undefined
    let total = 0
    for (const [, amount, unit] of value.matchAll(each)) total += Number(amount) * units[unit!]!
    return total
  }
}

const readDuration = durationReader(DURATION_UNITS_MS)

/** Go-style durations (`500ms`, `10s`, `1m30s`), the form bitmagnet users already write. */
export const durationMs: ValueType<number> = {
  accepts: 'a duration such as 500ms, 10s, 2m or 1m30s',
  parse(raw) {
    const total = readDuration(raw.trim())
    return total !== undefined && total > 0 ? Math.round(total) : undefined
  },
}

const INTERVAL_UNITS_MS: Record<string, number> = { ...DURATION_UNITS_MS, d: 86_400_000 }
const readInterval = durationReader(INTERVAL_UNITS_MS)

/**
 * How often something recurs, in ms: a duration that may count days (`20s`, `6h`, `7d`, `1d12h`),
 * or `off` (null) for never. Schedules over a whole index are written in days.
 */
export const intervalOrOff: ValueType<number | null> = {
  accepts: 'a duration such as 20s, 6h or 7d (units ms, s, m, h, d), or off',
  parse(raw) {
    const value = raw.trim().toLowerCase()
    if (value === 'off') return null
    const total = readInterval(value)
    return total !== undefined && total >= 1 && Number.isSafeInteger(Math.round(total)) ? Math.round(total) : undefined
  },
}

const SIZE_UNITS_BYTES: Record<string, number> = {
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  tb: 1e12,
  kib: 2 ** 10,
  mib: 2 ** 20,
  gib: 2 ** 30,
  tib: 2 ** 40,
}

/**
 * A size with its unit (`20GB`, `500MiB`, `1.5TB`): GB is 10^9 bytes as disks are sold, GiB 2^30.
 * A bare number is refused: `20` is far more likely a forgotten `GB` than twenty bytes.
 * `smallest` and `largest` are in bytes, `smallestText` is how `--help` shows the smallest.
 */
export function sizeInBytes(smallest: number, smallestText: string, largest = Number.MAX_SAFE_INTEGER): ValueType<number> {
  return {
    accepts: `a size such as 500MB, 20GB or 1.5TiB (KB/MB/GB/TB are powers of 1000, KiB/MiB/GiB/TiB of 1024), at least ${smallestText}`,
    parse(raw) {
      const match = /^(\d+(?:\.\d+)?)\s*([kmgt]i?b)$/i.exec(raw.trim())
      if (!match) return undefined
      const bytes = Math.round(Number(match[1]) * SIZE_UNITS_BYTES[match[2]!.toLowerCase()]!)
      return bytes >= smallest && bytes <= largest && Number.isSafeInteger(bytes) ? bytes : undefined
    },
  }
}

/** A size of at least 1 MB, below which even an empty index does not fit. */
export const sizeBytes = sizeInBytes(1e6, '1MB')

/** An absolute http(s) URL, e.g. an OpenAI-compatible API on the LAN. */
export const httpUrl: ValueType<string> = {
  accepts: 'an http:// or https:// URL',
  parse(raw) {
    try {
      const url = new URL(raw.trim())
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined
    } catch {
      return undefined
    }
  },
}

/**
 * A URL as it may be shown in a log or an error: the credentials before the host and the value of
 * `apikey=` become ****. Done on the text, so a value too broken to parse as a URL is hidden too;
 * up to the authority's last `@`, so a password holding an unencoded `@` is hidden whole.
 */
export function hideUrlSecrets(text: string): string {
  return text.replace(/\/\/[^/?#\s,]*@/g, '//****@').replace(/([?&]apikey=)[^&#\s,]*/gi, '$1****')
}

/**
 * A PostgreSQL connection URL as libpq and Bun.SQL read it: postgres:// or postgresql://, a host
 * and a database name (`postgres://USER:PASS@HOST:5432/DB`); query parameters such as
 * `sslmode` or `options` pass through. Shown with the password hidden.
 */
export const postgresUrl: ValueType<string> = {
  accepts: 'a postgres://USER:PASSWORD@HOST:PORT/DATABASE URL',
  parse(raw) {
    try {
      const url = new URL(raw.trim())
      const database = decodeURIComponent(url.pathname.replace(/^\//, ''))
      if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') return undefined
      if (!url.hostname || !database || database.includes('/')) return undefined
      return url.toString()
    } catch {
      return undefined
    }
  },
  redact: hideUrlSecrets,
}

/** Comma-separated PostgreSQL URLs (DATABASE_READ_URL's hot standbys). */
export const postgresUrlList: ValueType<string[]> = {
  accepts: 'comma-separated postgres:// URLs',
  parse(raw) {
    const urls = raw
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => postgresUrl.parse(part))
    return urls.length > 0 && urls.every((url) => url !== undefined) ? (urls as string[]) : undefined
  },
  redact: hideUrlSecrets,
}

/**
 * Other instances' export URLs (GET /export), comma-separated, each with the key it needs, e.g.
 * `http://nas2:3333/export?apikey=KEY`. A bad list is reported with the keys hidden.
 */
export const exportUrlList: ValueType<string[]> = {
  accepts: "comma-separated http:// or https:// URLs of other instances' /export, each with its key (http://host:3333/export?apikey=KEY)",
  parse(raw) {
    const urls = raw
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => httpUrl.parse(part))
    return urls.length > 0 && urls.every((url) => url !== undefined) ? (urls as string[]) : undefined
  },
  redact: hideUrlSecrets,
}

/**
 * Where clients reach this service from outside (a reverse proxy's address, perhaps with a path):
 * http(s), no credentials, query or fragment. Returned without a trailing slash, ready to prefix
 * a path.
 */
export const publicBaseUrl: ValueType<string> = {
  accepts: 'an http:// or https:// URL without query or fragment, such as https://indexer.example/',
  parse(raw) {
    const href = httpUrl.parse(raw)
    if (href === undefined) return undefined
    const url = new URL(href)
    if (url.username || url.password || url.search || url.hash || raw.includes('?') || raw.includes('#')) return undefined
    return url.href.replace(/\/+$/, '')
  },
}

/**
 * Where browsers open a web app: an http(s) scheme, host and optional port, and nothing after
 * (a path, query or credentials would not be part of what a browser sends as `Origin`).
 * Returned as that origin, e.g. `https://dash.example`.
 */
export const webOrigin: ValueType<string> = {
  accepts: 'an http:// or https:// address with no path, such as https://dash.example.com',
  parse(raw) {
    const href = httpUrl.parse(raw)
    if (href === undefined) return undefined
    const url = new URL(href)
    if (url.username || url.password || url.pathname !== '/' || raw.includes('?') || raw.includes('#')) return undefined
    return url.origin
  },
}

export const logLevel: ValueType<LogLevel> = {
  accepts: LOG_LEVELS.join(', '),
  parse(raw) {
    const value = raw.trim().toLowerCase()
    return (LOG_LEVELS as readonly string[]).includes(value) ? (value as LogLevel) : undefined
  },
}

export interface HostPort {
  host: string
  port: number
}

/** Comma-separated `host:port` pairs, e.g. the DHT bootstrap routers. */
export const hostPortList: ValueType<HostPort[]> = {
  accepts: 'comma-separated host:port pairs',
  parse(raw) {
    const pairs: HostPort[] = []
    for (const item of raw
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const match = /^(.+):(\d{1,5})$/.exec(item)
      const portNumber = match ? Number(match[2]) : 0
      if (!match || portNumber < 1 || portNumber > 65535) return undefined
      pairs.push({ host: match[1]!.replace(/^\[(.*)\]$/, '$1'), port: portNumber })
    }
    return pairs.length > 0 ? pairs : undefined
  },
}

/** An API key: 16-128 printable ASCII characters, no spaces (DESIGN.md 3.22). */
export const apiKey: ValueType<string> = {
  accepts: '16 to 128 printable characters without spaces (openssl rand -hex 32 makes one)',
  parse: (raw) => (/^[\x21-\x7e]{16,128}$/.test(raw.trim()) ? raw.trim() : undefined),
}

/** A cookie name: an RFC 6265 token (no separators, spaces or controls). */
export const cookieName: ValueType<string> = {
  accepts: "a cookie name: letters, digits and !#$%&'*+-.^_`|~",
  parse: (raw) => (/^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,64}$/.test(raw.trim()) ? raw.trim() : undefined),
}

/** One of a fixed set of words, e.g. AUTH_METHOD's modes. */
export function oneOf<T extends string>(choices: readonly T[]): ValueType<T> {
  return {
    accepts: choices.join(', '),
    parse(raw) {
      const value = raw.trim().toLowerCase()
      return (choices as readonly string[]).includes(value) ? (value as T) : undefined
    },
  }
}
