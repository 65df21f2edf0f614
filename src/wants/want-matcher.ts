import type { ContentType } from '../vocabulary'
import type { WantRegistration } from '../vocabulary'
import { wordsOf } from '../vocabulary'

/**
 * Which registered wants a torrent meets: its content type is the want's, and its name holds
 * every word of the want's query. Wants are grouped by content type and their words split once,
 * so a torrent costs one split of its name, and only when some want has its content type.
 */
export function compileWantMatcher(wants: readonly WantRegistration[]) {
  const byContentType = new Map<ContentType, { id: string; words: string[] }[]>()
  for (const want of wants) {
    const group = byContentType.get(want.contentType) ?? []
    group.push({ id: want.id, words: [...new Set(wordsOf(want.query))] })
    byContentType.set(want.contentType, group)
  }
  return {
    isEmpty: byContentType.size === 0,
    /** The ids of the wants this torrent meets. */
    match(name: string, contentType: ContentType): string[] {
      const group = byContentType.get(contentType)
      if (!group) return []
      const nameWords = new Set(wordsOf(name))
      return group.filter((want) => want.words.every((word) => nameWords.has(word))).map((want) => want.id)
    },
  }
}
