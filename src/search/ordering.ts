import type { Candidate, RankingRow, SearchOrder } from './model'
import { scoreRelevance } from './relevance'
import type { TextQuery } from './text-query'

/** Text ranked by relevance, or anything newest first: the orders the search produces itself. */
export function isNaturalOrder(orderBy: SearchOrder[], text: TextQuery | null): boolean {
  const [first] = orderBy
  return (
    orderBy.length === 1 &&
    (text ? first!.field === 'relevance' && first!.descending : first!.field === 'published_at' && first!.descending)
  )
}

/**
 * The last words on an order: a torrent a registered want matched comes before an equal one (the
 * operator asked for it), then the info hash decides, so pages are stable.
 */
export function breakTie(a: RankingRow, b: RankingRow): number {
  return b.wanted - a.wanted || Buffer.compare(a.info_hash, b.info_hash)
}

/** A comparator for an explicit order, each field in turn, then the tie-break. */
export function compareBy(orderBy: SearchOrder[], text: TextQuery | null): (a: Candidate, b: Candidate) => number {
  const relevanceCache = new Map<Candidate, number>()
  const fieldValue = (row: Candidate, field: SearchOrder['field']): number | string => {
    switch (field) {
      case 'relevance':
        if (!text) return 0
        if (!relevanceCache.has(row)) relevanceCache.set(row, scoreRelevance(text, row))
        return relevanceCache.get(row)!
      case 'published_at':
      case 'updated_at':
        return row.published_at
      case 'size':
        return row.size
      case 'files_count':
        return row.files_count ?? -1
      case 'seeders':
        return row.seeders ?? -1
      case 'leechers':
        return row.leechers ?? -1
      case 'name':
        return row.name.toLowerCase()
      case 'info_hash':
        return Buffer.from(row.info_hash).toString('hex')
    }
  }
  return (a, b) => {
    for (const { field, descending } of orderBy) {
      const x = fieldValue(a, field)
      const y = fieldValue(b, field)
      if (x !== y) return (x < y ? -1 : 1) * (descending ? -1 : 1)
    }
    return breakTie(a, b)
  }
}

/** Newest feed time first, then the most recently added. */
export function newestFirst(a: RankingRow, b: RankingRow): number {
  return b.published_at - a.published_at || b.id - a.id
}
