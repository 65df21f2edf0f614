import type { Database, Statement } from 'bun:sqlite'
import type { FeedBlock, FeedKey } from '../../../search'

interface Walk {
  resumeAt: string
  sources: Iterator<FeedKey>[]
  /** Each source's next key, read one ahead to merge them. */
  heads: IteratorResult<FeedKey>[]
  last: FeedKey | null
}

const positionOf = (categories: string, key: FeedKey | null) => (key ? `${categories}\n${key.published_at}:${key.id}` : `${categories}\n`)

/**
 * Feed keys, newest first: (published_at, id) of every torrent from the torrents_published_at
 * index, or of each category from torrent_categories' primary key, merged. Index-only walks: a
 * page of keys places a page of results without reading a row. While a search's snapshot lasts
 * the walk stays open between blocks (as cursor-slot.ts does for one statement), so a feed read a
 * block at a time steps each index exactly as one lazy walk would.
 */
export function createFeedWalk(db: Database) {
  const everyTorrent = db.prepare<FeedKey, []>('SELECT id, published_at FROM torrents ORDER BY published_at DESC, id DESC')
  // SQLite seeks an index on a row-value bound: a walk started after a key begins there. Prepared
  // when first needed: a search reads on from where its last block stopped.
  let everyTorrentAfter: Statement<FeedKey, [number, number]> | undefined
  // One statement per category walked at once: a statement steps through one query at a time.
  const categorySlots: Statement<FeedKey, [number]>[] = []
  const categorySlotsAfter: Statement<FeedKey, [number, number, number]>[] = []
  const categoryIn = (slot: number) =>
    (categorySlots[slot] ??= db.prepare(
      'SELECT torrent_id AS id, published_at FROM torrent_categories WHERE category = ? ORDER BY published_at DESC, torrent_id DESC',
    ))
  const categoryAfterIn = (slot: number) =>
    (categorySlotsAfter[slot] ??= db.prepare(
      `SELECT torrent_id AS id, published_at FROM torrent_categories WHERE category = ? AND (published_at, torrent_id) < (?, ?)
       ORDER BY published_at DESC, torrent_id DESC`,
    ))

  let walk: Walk | null = null

  const close = () => {
    for (const source of walk?.sources ?? []) source.return?.()
    walk = null
  }

  const start = (categories: readonly number[] | null, after: FeedKey | null): Iterator<FeedKey>[] => {
    if (categories === null) {
      if (!after) return [everyTorrent.iterate()]
      everyTorrentAfter ??= db.prepare(
        'SELECT id, published_at FROM torrents WHERE (published_at, id) < (?, ?) ORDER BY published_at DESC, id DESC',
      )
      return [everyTorrentAfter.iterate(after.published_at, after.id)]
    }
    return categories.map((category, slot) =>
      after ? categoryAfterIn(slot).iterate(category, after.published_at, after.id) : categoryIn(slot).iterate(category),
    )
  }

  /** The next key of the merge; a torrent listed under two categories comes once (its keys are equal, so adjacent). */
  const nextOf = (current: Walk): FeedKey | null => {
    for (;;) {
      let best = -1
      current.heads.forEach((head, i) => {
        if (head.done) return
        if (best < 0 || isNewer(head.value, current.heads[best]!.value as FeedKey)) best = i
      })
      if (best < 0) return null
      const key = current.heads[best]!.value as FeedKey
      current.heads[best] = current.sources[best]!.next()
      if (current.last && current.last.id === key.id) continue
      current.last = key
      return key
    }
  }

  /** Whether a key other than a repeat of the last one is left. */
  const hasMore = (current: Walk): boolean =>
    current.heads.some((head, i) => {
      while (!head.done && head.value.id === current.last?.id) head = current.heads[i] = current.sources[i]!.next()
      return !head.done
    })

  return {
    /** Up to `limit` keys after `after`; the walk stays open for the next block when `keepOpen`. */
    block(categories: readonly number[] | null, after: FeedKey | null, limit: number, keepOpen: boolean): FeedBlock {
      if (limit < 1) return { keys: [], next: after }
      const name = categories === null ? '*' : categories.join(',')
      if (walk?.resumeAt !== positionOf(name, after)) {
        close()
        const sources = start(categories, after)
        walk = { resumeAt: '', sources, heads: sources.map((source) => source.next()), last: null }
      }
      const current = walk!
      const keys: FeedKey[] = []
      while (keys.length < limit) {
        const key = nextOf(current)
        if (!key) break
        keys.push(key)
      }
      const next = keys.length === limit && hasMore(current) ? keys.at(-1)! : null
      current.resumeAt = positionOf(name, next)
      if (!keepOpen || next === null) close()
      return { keys, next }
    },
    close,
  }
}

function isNewer(a: FeedKey, b: FeedKey): boolean {
  return a.published_at !== b.published_at ? a.published_at > b.published_at : a.id > b.id
}
