import type { ContentType } from '../vocabulary'
import { createTurns } from '../in-turn'
import type { ClassifiedItem } from '../ingest'
import type { Logger } from '../log'
import { InvalidWantError } from './errors'
import type { WantRegistration } from '../vocabulary'
import type { WantMatch } from './model'
import type { WantsStore } from './store-port'
import { compileWantMatcher } from './want-matcher'
import { wordsOf } from '../vocabulary'

/** Longer ids are not ids. */
const MAX_ID_LENGTH = 200

/**
 * The wants the dashboard registered, and their matches among the torrents each ingest commit
 * classified. A want matches every later torrent that meets it (the dashboard decides when it is
 * fulfilled); a want no longer registered matches nothing more. The matcher is compiled in memory
 * (matching runs per commit, `isWanted` per eviction candidate): from the store at start, again
 * when another process replaces the set, and after each register is stored.
 */
export async function createWantRegistry(deps: { store: WantsStore; log: Logger }) {
  let matcher = compileWantMatcher(await deps.store.listWants())
  // The matcher is always compiled from the set stored last.
  const inTurn = createTurns()
  deps.store.onExternalChange(() => {
    inTurn(async () => {
      matcher = compileWantMatcher(await deps.store.listWants())
    }).catch((err) => deps.log.warn('wants changed elsewhere not reloaded', { err }))
  })
  return {
    /** Replaces the registered set. Rejects with InvalidWantError, changing nothing, for a bad want. */
    register(wants: WantRegistration[]): Promise<void> {
      return inTurn(async () => {
        const seen = new Set<string>()
        wants.forEach((want, index) => {
          if (want.id.length === 0 || want.id.length > MAX_ID_LENGTH)
            throw new InvalidWantError(`wants[${index}].id`, `must be 1 to ${MAX_ID_LENGTH} characters`)
          if (seen.has(want.id)) throw new InvalidWantError(`wants[${index}].id`, `${JSON.stringify(want.id)} is given twice`)
          seen.add(want.id)
          if (wordsOf(want.query).length === 0)
            throw new InvalidWantError(`wants[${index}].query`, 'must hold at least one word (letters or digits)')
        })
        await deps.store.replaceWants(wants)
        matcher = compileWantMatcher(wants)
        deps.log.info('wants registered', { wants: wants.length })
      })
    },

    /** After each ingest commit: records the matches among the torrents it classified. */
    async onCommitted(classified: readonly ClassifiedItem[]): Promise<void> {
      if (matcher.isEmpty) return
      const matches: { wantId: string; torrentId: number }[] = []
      for (const { torrentId, item, classification } of classified)
        for (const wantId of matcher.match(item.name, classification.contentType)) matches.push({ wantId, torrentId })
      if (matches.length === 0) return
      await deps.store.addMatches(matches, new Date().toISOString())
      deps.log.debug('torrents matched wants', { matches: matches.length })
    },

    /** Whether a torrent meets an active want (the storage cap keeps those). */
    isWanted(name: string, contentType: string): boolean {
      return !matcher.isEmpty && matcher.match(name, contentType as ContentType).length > 0
    },

    matchesAfter(afterId: number, limit: number): Promise<WantMatch[]> {
      return deps.store.matchesAfter(afterId, limit)
    },
  }
}

export type WantRegistry = Awaited<ReturnType<typeof createWantRegistry>>
