import type { FakeWork } from '../support/fake-tmdb'

/** The fake TMDB's works for the enrichment tests: real ids, and look-alikes around them. */
export const CATALOGUE: { movie: FakeWork[]; tv: FakeWork[] } = {
  movie: [
    { id: 603, title: 'The Matrix', date: '1999-03-30', imdbId: 'tt0133093', popularity: 80, genreIds: [28, 878] },
    { id: 604, title: 'The Matrix Reloaded', date: '2003-05-15', imdbId: 'tt0234215', popularity: 40 },
    { id: 605, title: 'The Matrix Revolutions', date: '2003-11-05', imdbId: 'tt0242653', popularity: 35 },
    { id: 624860, title: 'The Matrix Resurrections', date: '2021-12-16', imdbId: 'tt10838180', popularity: 50 },
    { id: 438631, title: 'Dune', date: '2021-09-15', imdbId: 'tt1160419', popularity: 90 },
    { id: 841, title: 'Dune', date: '1984-12-14', imdbId: 'tt0087182', popularity: 20 },
  ],
  tv: [
    { id: 1396, title: 'Breaking Bad', date: '2008-01-20', imdbId: 'tt0903747', tvdbId: 81189, popularity: 300, genreIds: [18, 80] },
    { id: 2316, title: 'The Office', date: '2005-03-24', imdbId: 'tt0386676', tvdbId: 73244, popularity: 120 },
    { id: 2996, title: 'The Office', date: '2001-07-09', imdbId: 'tt0290978', tvdbId: 78107, popularity: 60 },
  ],
}

export const API_KEY = 'test-artwork-key-0123456789'
