import type { Metrics } from '../metrics'
import type { SearchQuery, SearchService } from '../search'

/** The search service, with each search's time recorded by kind (the GraphQL path; Torznab's threads report their own). */
export function timedSearch(search: SearchService, metrics: Metrics): SearchService {
  const kindOf = (query: SearchQuery) => (query.externalIds ? 'ids' : query.text ? 'text' : 'feed')
  return {
    search(query) {
      const startedAt = performance.now()
      try {
        return search.search(query)
      } finally {
        metrics.observeSearch(kindOf(query), (performance.now() - startedAt) / 1000)
      }
    },
  }
}
