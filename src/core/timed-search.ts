import type { GraphqlDeps } from '../graphql'
import type { Metrics } from '../metrics'
import { searchKindOf } from '../search'

type Search = GraphqlDeps['search']

/** GraphQL's searches, each one's time recorded by kind (Torznab's threads report their own). */
export function timedSearch(search: Search, metrics: Metrics): Search {
  return {
    async search(query) {
      const startedAt = performance.now()
      try {
        return await search.search(query)
      } finally {
        metrics.observeSearch(searchKindOf(query), (performance.now() - startedAt) / 1000)
      }
    },
  }
}
