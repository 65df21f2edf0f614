/**
 * Runs async changes one at a time, in the order they were asked for: each starts once the one
 * before has settled, whatever its outcome. For a copy kept in memory beside the store (settings,
 * wants): a change is stored, then swapped in, before the next one starts, so memory is always the
 * set stored last, on a store whose writes can overlap.
 */
export function createTurns(): <T>(change: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve()
  return (change) => {
    const next = last.then(change)
    last = next.catch(() => {})
    return next
  }
}
