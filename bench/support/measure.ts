import { readFileSync, writeFileSync } from 'node:fs'
import type { Database } from 'bun:sqlite'

/** Peak resident set size of this process so far (Linux VmHWM), in MB. */
export function peakRssMb(): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))
  return match ? Number(match[1]) / 1024 : process.memoryUsage().rss / 1_048_576
}

/** Starts peakRssMb() over from the current RSS (Linux: writing 5 to clear_refs resets VmHWM). */
export function resetPeakRss(): void {
  writeFileSync('/proc/self/clear_refs', '5')
}

/**
 * Current and peak resident set size of a process (Linux VmRSS, VmHWM), in MB, and the current
 * one's anonymous part (heaps, caches) apart from its file pages (the runtime's mapped code).
 */
export function processRssMb(pid: number | 'self'): { rssMb: number; peakMb: number; anonMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const mb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)![1]) / 1024
  return { rssMb: mb('VmRSS'), peakMb: mb('VmHWM'), anonMb: mb('RssAnon') }
}

/** Bytes on disk per table or index (every B-tree), from SQLite's dbstat table. */
export function bytesByTree(db: Database): Map<string, number> {
  const rows = db.query('SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name').all() as { name: string; bytes: number }[]
  return new Map(rows.map((row) => [row.name, row.bytes]))
}

/**
 * CPU time one thread of this process has used (utime + stime of /proc/self/task/TID/stat), in
 * ms; the main thread's id is the process id. Which thread limits a multi-threaded run, on a
 * machine whose other work makes wall time say little.
 */
export function threadCpuMs(threadId: number = process.pid): number {
  const stat = readFileSync(`/proc/self/task/${threadId}/stat`, 'utf8')
  // Fields after the parenthesised name: state is field 3, utime 14 and stime 15, in clock ticks.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}
