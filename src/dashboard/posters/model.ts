import { t } from 'elysia'

export type MediaType = 'movie' | 'tv'

/** A poster as the API shows it (spec 2.1). */
export interface Poster {
  external_id: string
  media_type: MediaType
  poster_url: string
}

/** A TMDB id: a positive integer, kept as digits so the longest ids never lose precision. */
export const PosterParams = t.Object({ id: t.String({ pattern: '^[0-9]{1,20}$', error: 'must be a TMDB id of 1-20 digits' }) })

export const PosterQuery = t.Object({
  // Literals, not t.UnionEnum: Elysia fills an absent UnionEnum with its first value.
  media_type: t.Optional(t.Union([t.Literal('movie'), t.Literal('tv')], { error: 'must be movie or tv' })),
})
