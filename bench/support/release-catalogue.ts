/**
 * A realistic vocabulary for the search benchmark at 10M (issue 21): titles drawn Zipf(1) over
 * 100,000 words (the common English ones first, then made-up words), grouped into works (shows
 * and films) that many releases share, as in a real index, where a popular series has thousands
 * of releases and most titles only a handful. A 100-word vocabulary makes every "rare" title
 * match tens of thousands of rows at 10M; here a work's title is about as selective as a real one.
 */
import { createRandom, type Random } from '../../tests/support/seeded-random'

const COMMON = (
  'the of and a to in love night man last dark world war star life house time day city king ' +
  'blood girl dead black little new lost secret story money game road river moon sun fire ice ' +
  'storm shadow hunter wolf dragon queen empire legend ghost spirit heart soul dream island'
).split(' ')
const ONSETS = [
  'b',
  'br',
  'c',
  'ch',
  'd',
  'dr',
  'f',
  'g',
  'gr',
  'h',
  'j',
  'k',
  'l',
  'm',
  'n',
  'p',
  'pr',
  'r',
  's',
  'st',
  't',
  'tr',
  'v',
  'w',
  'z',
]
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'ou']
const CODAS = ['', 'n', 'r', 's', 'l', 'm', 'x', 'nd', 'rt', 'ck']

export const VOCABULARY_SIZE = 100_000
const WORK_POPULARITY_OFFSET = 100

/** A work: what releases share. Shows carry their seasons; films their year. */
export interface Work {
  /** Its rank: 0 is the most popular. */
  index: number
  title: string
  isShow: boolean
  year: number
  seasons: number
}

export interface ReleaseCatalogue {
  vocabulary: string[]
  works: Work[]
  /** A work, popular ones far more often (Zipf over the works). */
  pickWork(random: Random): Work
}

/**
 * Zipf-Mandelbrot over n ranks by inverting its continuous CDF: rank k about 1/(k + offset) as
 * often as the first. The offset flattens the head: works use 100, so the most popular one has
 * about 0.15 % of all releases (1,500 at 1M, a long-running series), not 6 %.
 */
export function zipfRank(random: Random, n: number, offset = 1): number {
  return Math.min(n - 1, Math.floor(Math.exp(random.next() * Math.log((n + offset) / offset)) * offset) - offset)
}

/** One catalogue per seed and size: `releases / 5` works, so a work has 5 releases on average. */
export function createReleaseCatalogue(releases: number, seed = 21): ReleaseCatalogue {
  const random = createRandom(seed)
  const vocabulary = [...COMMON]
  const seen = new Set(vocabulary)
  while (vocabulary.length < VOCABULARY_SIZE) {
    const syllables = random.int(2, 4)
    let word = ''
    for (let i = 0; i < syllables; i++) word += random.pick(ONSETS) + random.pick(VOWELS) + random.pick(CODAS)
    if (!seen.has(word)) {
      seen.add(word)
      vocabulary.push(word)
    }
  }
  // Common words make some titles recur across works (remakes, same-named shows), as real ones do.
  const works = Array.from({ length: Math.max(1, Math.ceil(releases / 5)) }, (_, index) => {
    const words = Array.from({ length: random.int(1, 4) }, () => vocabulary[zipfRank(random, vocabulary.length)]!)
    return { index, title: words.join(' '), isShow: random.next() < 0.45, year: random.int(1950, 2026), seasons: random.int(1, 12) }
  })
  return { vocabulary, works, pickWork: (pick) => works[zipfRank(pick, works.length, WORK_POPULARITY_OFFSET)]! }
}
