import type { ContentKey, TmdbCandidate } from './model'

/**
 * How alike a candidate's title must be (1 = the same words once normalised): below it the match
 * is weak. Normalising already absorbs case, accents and punctuation, so this only forgives one
 * typo in twenty letters; a one-letter look-alike of a short title (Stranger Thingz) is refused.
 */
export const MIN_SIMILARITY = 0.95

/**
 * Without a year to tell them apart, several works of one title (The Office, US and UK) are taken
 * only when one is this many times as popular as the next: the one a release most likely means.
 */
const POPULARITY_LEAD = 10

/**
 * A title as compared: lowercase, accents and punctuation gone, `&` read as `and`, one space
 * between words. "Marvel's Agents of S.H.I.E.L.D." and "marvels agents of shield" compare equal.
 */
export function normaliseTitle(title: string): string {
  return (
    title
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/&/g, ' and ')
      .replace(/(\p{L})['’](?=\p{L})/gu, '$1')
      // Initials (S.H.I.E.L.D., U.S.) are one word; other dots separate words (a release's dots).
      .replace(/(?<![\p{L}\p{N}])(?:\p{L}\.){2,}\p{L}?(?![\p{L}\p{N}])/gu, (initials) => initials.replaceAll('.', ''))
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()
  )
}

/** 1 - edit distance / longer length, over normalised titles. */
export function titleSimilarity(a: string, b: string): number {
  const x = normaliseTitle(a)
  const y = normaliseTitle(b)
  if (x === y) return 1
  const longer = Math.max(x.length, y.length)
  return longer === 0 ? 0 : 1 - editDistance(x, y) / longer
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    previous = current
  }
  return previous[b.length]!
}

const yearOf = (candidate: TmdbCandidate) => (candidate.releaseDate ? Number(candidate.releaseDate.slice(0, 4)) : null)

interface Scored {
  candidate: TmdbCandidate
  similarity: number
  /** How far the candidate's year is from the key's; 0 when the key has none. */
  yearGap: number
}

/**
 * The candidate a key means, or null when none is close enough or several are equally close:
 * a title left unresolved is better than a wrong poster and wrong ids on every torrent of it.
 * A match needs the title (or original title) at MIN_SIMILARITY and, when the release named a
 * year, a release year within one of it (festival and regional releases move it by one).
 */
export function chooseMatch(key: ContentKey, candidates: TmdbCandidate[]): TmdbCandidate | null {
  const strong: Scored[] = []
  for (const candidate of candidates) {
    const similarity = Math.max(
      titleSimilarity(key.title, candidate.title),
      candidate.originalTitle ? titleSimilarity(key.title, candidate.originalTitle) : 0,
    )
    if (similarity < MIN_SIMILARITY) continue
    const year = yearOf(candidate)
    if (key.year !== 0 && (year === null || Math.abs(year - key.year) > 1)) continue
    strong.push({ candidate, similarity, yearGap: key.year === 0 || year === null ? 0 : Math.abs(year - key.year) })
  }
  strong.sort((a, b) => b.similarity - a.similarity || a.yearGap - b.yearGap)
  const [best, next] = strong
  if (!best) return null
  if (!next || best.similarity > next.similarity || best.yearGap < next.yearGap) return best.candidate
  const popularity = (scored: Scored) => scored.candidate.popularity ?? 0
  const rivals = strong.filter((scored) => scored.similarity === best.similarity && scored.yearGap === best.yearGap)
  const [mostPopular, runnerUp] = rivals.sort((a, b) => popularity(b) - popularity(a))
  return key.year === 0 && popularity(mostPopular!) >= POPULARITY_LEAD * Math.max(popularity(runnerUp!), 0.001)
    ? mostPopular!.candidate
    : null
}
