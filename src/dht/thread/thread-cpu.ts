import { readFileSync } from 'node:fs'

/** Linux reports per-thread CPU in clock ticks of 1/100 s (USER_HZ, fixed at 100 for userspace). */
const TICKS_PER_SECOND = 100

/**
 * CPU seconds used by the calling thread (user + system), so the crawler's share can be told
 * apart from the rest of the process; null where /proc/thread-self is not available.
 */
export function threadCpuSeconds(): number | null {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8')
    // Fields after the parenthesised command name; utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
  } catch {
    return null
  }
}
