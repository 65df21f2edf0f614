/** A process that has searched nothing for this long gives back its main thread's garbage. */
const IDLE_MS = 30_000
const CHECK_EVERY_MS = 10_000

/**
 * Gives back the main thread's garbage once the service goes quiet. After a burst of searches (an
 * *arr app's sync every 15 minutes or so), the JS heap and its allocator keep tens of MB of freed
 * pages until a collection that an idle process may not run for a long time. Bun.shrink() (a
 * full collection, then the allocator's free pages returned; compiled code is dropped too and
 * recompiled when needed) once IDLE_MS after the last search, then not until the next one. The
 * dashboard's polls of the core (every 5 s) are requests but not searches, and leave little
 * behind. At 1M torrents the idle RSS after bench/search.ts fell from 151 to 138 MB. The search
 * threads trim their own (search/threads/serve.ts).
 */
export function startIdleTrim(options: { idleMs?: number; checkEveryMs?: number; trim?: () => void } = {}) {
  const idleTrim = createIdleTrim({ idleMs: options.idleMs ?? IDLE_MS, trim: options.trim ?? (() => Bun.shrink()), nowMs: Date.now })
  const timer = setInterval(idleTrim.check, options.checkEveryMs ?? CHECK_EVERY_MS)
  timer.unref()
  return {
    touch: idleTrim.touch,
    stop(): void {
      clearInterval(timer)
    },
  }
}

/** The decision alone, on a clock of the caller's: startIdleTrim runs `check` every CHECK_EVERY_MS. */
export function createIdleTrim(deps: { idleMs: number; trim: () => void; nowMs: () => number }) {
  let lastActiveAt = deps.nowMs()
  let isTrimmed = true
  return {
    /** A search was sent or answered: the next quiet spell ends in a trim. */
    touch(): void {
      lastActiveAt = deps.nowMs()
      isTrimmed = false
    },
    /** Trims when quiet for idleMs since the last touch, once per quiet spell. */
    check(): void {
      if (isTrimmed || deps.nowMs() - lastActiveAt < deps.idleMs) return
      isTrimmed = true
      deps.trim()
    },
  }
}
