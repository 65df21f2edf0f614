import { GraphQLError } from 'graphql'
import { normaliseImdbId } from '../classify'
import { type ContentType } from '../vocabulary'
import { type ExternalIdsWanted, FACET_NAMES, type FacetName, type SearchOrder, type SearchQuery } from '../search'

/** bitmagnet's default page. */
export const DEFAULT_LIMIT = 10
/** One request may not ask for more items than this (bounds the work and the response). */
export const MAX_LIMIT = 1000

interface FacetInput<T> {
  aggregate?: boolean | null
  logic?: 'and' | 'or' | null
  filter?: (T | null)[] | null
}

export interface SearchInput {
  queryString?: string | null
  limit?: number | null
  page?: number | null
  offset?: number | null
  totalCount?: boolean | null
  hasNextPage?: boolean | null
  infoHashes?: string[] | null
  facets?: Partial<Record<FacetName | 'genre', FacetInput<unknown> | null>> | null
  orderBy?: { field: SearchOrder['field']; descending?: boolean | null }[] | null
  contents?: ContentRef[] | null
  aggregationBudget?: number | null
}

interface ContentRef {
  type?: ContentType | null
  source: string
  id: string
}

/**
 * A content filter (facets.content, or the older `contents`) as the ids it names and the content
 * types they are of (TMDB numbers movies and series apart); null types when a work is named
 * without one. An id that cannot be one (tmdb abc) is a GraphQL error naming it.
 */
function readContentRefs(refs: ContentRef[]): { ids: ExternalIdsWanted; types: ContentType[] | null } {
  const ids: ExternalIdsWanted = { imdb: [], tmdb: [], tvdb: [], tvmaze: [] }
  for (const ref of refs) {
    const number = /^\d{1,10}$/.test(ref.id) ? Number(ref.id) : null
    const imdb = ref.source === 'imdb' ? normaliseImdbId(ref.id) : null
    if (ref.source === 'tmdb' && number) ids.tmdb.push(number)
    else if (ref.source === 'tvdb' && number) ids.tvdb.push(number)
    else if (imdb) ids.imdb.push(imdb)
    else throw new GraphQLError(`content: ${JSON.stringify(ref.source)} id ${JSON.stringify(ref.id)} is not a tmdb, imdb or tvdb id`)
  }
  const types = refs.map((ref) => ref.type ?? null)
  return { ids, types: types.includes(null) ? null : [...new Set(types as ContentType[])] }
}

/**
 * `limit`, `page` and `offset` of any list input, checked: as in bitmagnet a page counts in
 * limits and an explicit offset is added on top of it.
 */
export function readPage(input: { limit?: number | null; page?: number | null; offset?: number | null }): {
  limit: number
  offset: number
} {
  const limit = input.limit ?? DEFAULT_LIMIT
  if (!Number.isInteger(limit) || limit < 0 || limit > MAX_LIMIT)
    throw new GraphQLError(`limit must be a whole number from 0 to ${MAX_LIMIT}, not ${limit}`)
  const page = input.page ?? 0
  const offset = input.offset ?? 0
  if (page < 0 || offset < 0) throw new GraphQLError('page and offset must be 0 or more')
  return { limit, offset: offset + (page > 0 ? (page - 1) * limit : 0) }
}

/** The search a `torrentContent.search` input asks for; bad numbers are GraphQL errors naming the field. */
export function graphqlSearchQuery(input: SearchInput): SearchQuery {
  const { limit, offset } = readPage(input)
  const facets = input.facets ?? {}
  const values = <T>(name: FacetName | 'genre') => (facets[name]?.filter ?? []).filter((value): value is T => value !== null)
  const aggregated = FACET_NAMES.filter((name) => facets[name]?.aggregate === true)
  const query: SearchQuery = {
    text: input.queryString?.trim() || null,
    categories: null,
    offset,
    limit,
    countTotal: input.totalCount === true,
    facets: aggregated,
    orderBy: input.orderBy?.map((order) => ({ field: order.field, descending: order.descending === true })),
  }
  // bitmagnet's budget is planner cost; here it is rows read, which is what a count costs. 0 or less: none.
  const budget = input.aggregationBudget ?? 0
  if (!Number.isFinite(budget)) throw new GraphQLError('aggregationBudget must be a number')
  if (budget >= 1) query.countBudget = Math.floor(budget)
  const optional = <K extends keyof SearchQuery>(key: K, value: SearchQuery[K] | undefined) => {
    if (value !== undefined && (!Array.isArray(value) || value.length > 0)) query[key] = value
  }
  optional('infoHashes', input.infoHashes ?? undefined)
  optional('contentTypes', values<ContentType>('contentType'))
  optional('torrentSources', values<string>('torrentSource'))
  optional('tags', values<string>('torrentTag'))
  if (facets.torrentTag?.logic === 'or') query.tagsMatch = 'any'
  optional('fileTypes', values<string>('torrentFileType'))
  optional('languages', values<string>('language'))
  optional('years', values<number>('releaseYear'))
  optional('resolutions', values<string>('videoResolution'))
  optional('sources', values<string>('videoSource'))
  const works = [...values<ContentRef>('content'), ...(input.contents ?? [])]
  if (works.length > 0) {
    const { ids, types } = readContentRefs(works)
    query.externalIds = ids
    const wanted =
      types === null ? query.contentTypes : query.contentTypes ? query.contentTypes.filter((type) => types.includes(type)) : types
    // A content-type facet that excludes every work named matches nothing.
    if (wanted?.length === 0) query.infoHashes = []
    else if (wanted) query.contentTypes = wanted
  }
  return query
}
