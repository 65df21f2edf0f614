/** Work between two turns of the event loop while importing: well under a write batch on a NAS. */
export const TURN_EVERY_MS = 20

/**
 * Hands the event loop a turn once `everyMs` of work has passed since the last one. A body that
 * streams in faster than it is written is read by promises that settle at once, which never let
 * the HTTP server answer: a bulk import held /healthz past Docker's 5 s health-check timeout.
 */
export function createEventLoopTurns(everyMs: number) {
  let lastTurnMs = performance.now()
  return async (): Promise<void> => {
    if (performance.now() - lastTurnMs < everyMs) return
    await new Promise((resolve) => setImmediate(resolve))
    lastTurnMs = performance.now()
  }
}
