import { describe, expect, test } from 'bun:test'
import { chooseMatch, normaliseTitle, titleSimilarity, type TmdbCandidate } from '../../src/enrichment'

const candidate = (tmdbId: number, title: string, releaseDate: string | null, extra: Partial<TmdbCandidate> = {}): TmdbCandidate => ({
  tmdbId,
  title,
  originalTitle: null,
  originalLanguage: 'en',
  releaseDate,
  posterPath: null,
  overview: null,
  genreIds: [],
  popularity: 10,
  voteAverage: null,
  voteCount: null,
  ...extra,
})

describe('normaliseTitle', () => {
  test('case, accents, punctuation and & aside', () => {
    expect(normaliseTitle("Marvel's Agents of S.H.I.E.L.D.")).toBe('marvels agents of shield')
    expect(normaliseTitle('Amélie')).toBe('amelie')
    expect(normaliseTitle('Law & Order: SVU')).toBe('law and order svu')
    expect(normaliseTitle('  ')).toBe('')
  })
})

describe('chooseMatch', () => {
  const matrix = [candidate(604, 'The Matrix Reloaded', '2003-05-15'), candidate(603, 'The Matrix', '1999-03-30')]

  test('takes the candidate of the same title and year, whatever TMDB ranked first', () => {
    expect(chooseMatch({ contentType: 'movie', title: 'the matrix', year: 1999 }, matrix)?.tmdbId).toBe(603)
  })

  test('a year within one matches, two off does not', () => {
    expect(chooseMatch({ contentType: 'movie', title: 'the matrix', year: 2000 }, matrix)?.tmdbId).toBe(603)
    expect(chooseMatch({ contentType: 'movie', title: 'the matrix', year: 2001 }, matrix)).toBeNull()
  })

  test('a look-alike title is weak: no match', () => {
    expect(chooseMatch({ contentType: 'movie', title: 'matrix rebooted', year: 2003 }, matrix)).toBeNull()
    expect(chooseMatch({ contentType: 'movie', title: 'the matrix reloaded', year: 2003 }, matrix)?.tmdbId).toBe(604)
  })

  test('the original title counts as much as the English one', () => {
    const amelie = candidate(194, 'Amélie', '2001-04-25', { originalTitle: "Le Fabuleux Destin d'Amélie Poulain" })
    expect(chooseMatch({ contentType: 'movie', title: "le fabuleux destin d'amelie poulain", year: 2001 }, [amelie])?.tmdbId).toBe(194)
  })

  test('the year tells remakes apart; the closer year wins', () => {
    const dunes = [candidate(841, 'Dune', '1984-12-14'), candidate(438631, 'Dune', '2021-09-15'), candidate(9, 'Dune', '2020-01-01')]
    expect(chooseMatch({ contentType: 'movie', title: 'dune', year: 2021 }, dunes)?.tmdbId).toBe(438631)
    expect(chooseMatch({ contentType: 'movie', title: 'dune', year: 1984 }, dunes)?.tmdbId).toBe(841)
  })

  test('two works of one title and year, or of one title and no year, are ambiguous unless one is ten times as popular', () => {
    const twins = [candidate(1, 'Heat', '1995-12-15'), candidate(2, 'Heat', '1995-06-01')]
    expect(chooseMatch({ contentType: 'movie', title: 'heat', year: 1995 }, twins)).toBeNull()
    const offices = [
      candidate(2316, 'The Office', '2005-03-24', { popularity: 120 }),
      candidate(2996, 'The Office', '2001-07-09', { popularity: 60 }),
    ]
    expect(chooseMatch({ contentType: 'tv_show', title: 'the office', year: 0 }, offices)).toBeNull()
    offices[0]!.popularity = 700
    expect(chooseMatch({ contentType: 'tv_show', title: 'the office', year: 0 }, offices)?.tmdbId).toBe(2316)
  })

  test('a candidate without a date cannot match a release that names a year', () => {
    expect(chooseMatch({ contentType: 'movie', title: 'the matrix', year: 1999 }, [candidate(603, 'The Matrix', null)])).toBeNull()
    expect(chooseMatch({ contentType: 'tv_show', title: 'the matrix', year: 0 }, [candidate(603, 'The Matrix', null)])?.tmdbId).toBe(603)
  })

  test('similarity is symmetric and 1 only for equal titles', () => {
    expect(titleSimilarity('Breaking Bad', 'breaking.bad')).toBe(1)
    expect(titleSimilarity('Breaking Bad', 'Breaking Bat')).toBe(titleSimilarity('Breaking Bat', 'Breaking Bad'))
    expect(titleSimilarity('Breaking Bad', 'Breaking Bat')).toBeLessThan(1)
  })
})
