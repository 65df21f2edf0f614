import { isKnownCategory, parentCategoryOf } from '../classify'
import type { FeedKey } from './repository'

/**
 * The category ranges to walk. Every item carries its parent category, so a requested parent
 * covers its sub-categories and they are dropped; unknown ids are ignored (an all-unknown list
 * matches nothing).
 */
export function effectiveCategories(requested: number[]): number[] {
  const known = [...new Set(requested.filter(isKnownCategory))]
  return known.filter((category) => {
    const parent = parentCategoryOf(category)
    return parent === category || !known.includes(parent!)
  })
}

/** Merges newest-first key streams into one, dropping the repeats of a torrent listed under two categories. */
export function* mergeNewestFirst(sources: Generator<FeedKey>[]): Generator<FeedKey> {
  if (sources.length === 1) return yield* sources[0]!
  const heads = sources.map((source) => source.next())
  let last: FeedKey | null = null
  try {
    for (;;) {
      let best = -1
      heads.forEach((head, i) => {
        if (head.done) return
        if (best < 0 || isNewer(head.value, heads[best]!.value as FeedKey)) best = i
      })
      if (best < 0) return
      const key = heads[best]!.value as FeedKey
      heads[best] = sources[best]!.next()
      // Equal keys come out together, so a repeat is always the previous key.
      if (last && last.id === key.id) continue
      last = key
      yield key
    }
  } finally {
    for (const source of sources) source.return(undefined)
  }
}

function isNewer(a: FeedKey, b: FeedKey): boolean {
  return a.published_at !== b.published_at ? a.published_at > b.published_at : a.id > b.id
}
