/** Numbers and times as people read them (issue 16): 1,234,567; 1.4 GB; 3 min ago. */
const integer = new Intl.NumberFormat('en-US')

export function formatCount(value: number): string {
  return integer.format(value)
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB']

export function formatBytes(bytes: number): string {
  let value = bytes
  let unit = 0
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000
    unit++
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${UNITS[unit]}`
}

/** "just now", "3 min ago", "5 h ago", "2 d ago", else the date; `nowMs` for tests. */
export function formatAge(iso: string, nowMs = Date.now()): string {
  const seconds = Math.max(0, Math.round((nowMs - Date.parse(iso)) / 1000))
  if (seconds < 45) return 'just now'
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`
  if (seconds < 86_400) return `${Math.round(seconds / 3600)} h ago`
  if (seconds < 30 * 86_400) return `${Math.round(seconds / 86_400)} d ago`
  return iso.slice(0, 10)
}

/** The exact time, for a `title` beside a relative one. */
export function formatExactTime(iso: string): string {
  return new Date(iso).toUTCString()
}
