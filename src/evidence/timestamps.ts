import { IntakeError } from './errors'

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i
/** Unix seconds below this are seconds (until the year 5138); above, milliseconds. */
const SECONDS_LIMIT = 1e11
const EARLIEST = Date.UTC(1990, 0, 1)
const LATEST = Date.UTC(2200, 0, 1)

/**
 * Every timestamp form the clients send, as UTC RFC 3339 with milliseconds: RFC 3339 with or
 * without a fraction (.NET writes seven digits) or offset, `YYYY-MM-DD HH:mm:ss`, a bare date,
 * Unix seconds or milliseconds (numbers or digit strings). No offset means UTC, as the *arr
 * apps mean it. Anything else, or a time before 1990 or after 2200, is an IntakeError.
 */
export function normaliseTimestamp(value: unknown, field: string): string {
  if (typeof value === 'number' || (typeof value === 'string' && /^\d{9,13}(?:\.\d+)?$/.test(value.trim()))) {
    const number = Number(value)
    return checked(number < SECONDS_LIMIT ? number * 1000 : number, field, value)
  }
  if (typeof value !== 'string') throw new IntakeError(`${field} must be a timestamp, not ${typeof value}`)
  const match = ISO.exec(value.trim())
  if (!match) throw new IntakeError(`${field} is not a timestamp we read: ${JSON.stringify(value.slice(0, 40))}`)
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '', zone = 'Z'] = match
  const ms = Number(fraction.padEnd(3, '0').slice(0, 3))
  const local = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second), ms)
  const utc = local - offsetMinutes(zone) * 60_000
  const roundTrip = new Date(local)
  if (
    roundTrip.getUTCMonth() !== Number(month) - 1 ||
    roundTrip.getUTCDate() !== Number(day) ||
    Number(hour) > 23 ||
    Number(minute) > 59 ||
    Number(second) > 60
  ) {
    throw new IntakeError(`${field} is not a real date: ${JSON.stringify(value)}`)
  }
  return checked(utc, field, value)
}

function offsetMinutes(zone: string): number {
  if (zone.toUpperCase() === 'Z') return 0
  const digits = zone.replace(':', '')
  const minutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5))
  return digits[0] === '-' ? -minutes : minutes
}

function checked(ms: number, field: string, raw: unknown): string {
  if (!Number.isFinite(ms) || ms < EARLIEST || ms > LATEST) throw new IntakeError(`${field} is out of range: ${JSON.stringify(raw)}`)
  return new Date(ms).toISOString()
}
