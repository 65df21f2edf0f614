/** Unix seconds (or milliseconds, told apart by magnitude) or an ISO 8601 / RFC 3339 time. */
export function parseTime(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) {
    return Math.floor(value > 1e11 ? value / 1000 : value)
  }
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) {
    const ms = Date.parse(value)
    return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000)
  }
  return undefined
}

export function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
}

/** Absent and null are the same to a record: the field is not known. */
export function isGiven(value: unknown): boolean {
  return value !== undefined && value !== null
}
