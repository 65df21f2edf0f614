import type { GraphqlDeps } from '../graphql'
import type { Metrics } from '../metrics'
import type { SearchQuery } from '../search'

type Search = GraphqlDeps['search']

/** GraphQL's searches, each one's time recorded by kind (Torznab's threads report their own). */
export function timedSearch(search: Search, metrics: Metrics): Search {
  const kindOf = (query: SearchQuery) => (query.externalIds ? 'ids' : query.text ? 'text' : 'feed')
  return {
    async search(query) {
      const startedAt = performance.now()
      try {
        return await search.search(query)
      } finally {
        metrics.observeSearch(kindOf(query), (performance.now() - startedAt) / 1000)
      }
    },
  }
}
