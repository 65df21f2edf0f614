import type { Database } from 'bun:sqlite'

/**
 * `fn` as a write transaction that takes the write lock when it begins (BEGIN IMMEDIATE). A
 * deferred transaction reads first and asks for the lock at its first write; if another process
 * (the CLI beside the service) committed in between, SQLite refuses with SQLITE_BUSY at once,
 * without waiting out busy_timeout. Taking the lock up front waits for it instead.
 */
export function writeTransaction<Args extends unknown[], Result>(
  sqlite: Database,
  fn: (...args: Args) => Result,
): (...args: Args) => Result {
  const transaction = sqlite.transaction(fn)
  return (...args) => transaction.immediate(...args) as Result
}
