import { GraphQLError } from 'graphql'
import type { CrawlerStatus } from '../dht'
import { CrawlerOffError, type FetchRequest, type FetchService, InvalidFetchTargetError } from '../fetch-requests'
import type { IndexStatsService } from '../stats'
import { adminOnly } from './admin-only'

export const FETCH_REQUESTS_PAGE = { defaultLimit: 50, maxLimit: 500 }

export interface CrawlerControlDeps {
  adminKey: string
  stats: IndexStatsService
  /** null when SERVICE_DHT_ENABLED=false. */
  crawlerControl: { setPaused(paused: boolean): Promise<CrawlerStatus> } | null
  fetches: FetchService
}

const toGraphql = (request: FetchRequest) => ({
  ...request,
  requestedAt: new Date(request.requestedAtMs).toISOString(),
  updatedAt: new Date(request.updatedAtMs).toISOString(),
  deadlineAt: new Date(request.deadlineAtMs).toISOString(),
})

/**
 * Steering the crawler: pause and resume, fetch by hash or magnet, and the fetch requests' state.
 * Each needs the core admin key, as the settings do: a pause or a flood of fetches from anyone
 * who reaches the port would be a denial of service.
 */
export function createCrawlerResolvers(deps: CrawlerControlDeps) {
  return {
    Query: adminOnly(deps.adminKey, {
      fetchRequests: async (_: unknown, { limit }: { limit?: number | null }) => {
        const wanted = limit ?? FETCH_REQUESTS_PAGE.defaultLimit
        if (wanted < 1 || wanted > FETCH_REQUESTS_PAGE.maxLimit)
          throw new GraphQLError(`limit must be from 1 to ${FETCH_REQUESTS_PAGE.maxLimit}, not ${wanted}`, {
            extensions: { code: 'bad_request', field: 'limit' },
          })
        return (await deps.fetches.list(wanted)).map(toGraphql)
      },
    }),
    Mutation: adminOnly(deps.adminKey, {
      setCrawlerPaused: async (_: unknown, { paused }: { paused: boolean }) => {
        if (!deps.crawlerControl) throw new GraphQLError(new CrawlerOffError().message, { extensions: { code: 'crawler_off' } })
        await deps.crawlerControl.setPaused(paused)
        return deps.stats.crawler()
      },
      fetchTorrents: async (_: unknown, { targets }: { targets: string[] }) => {
        try {
          return (await deps.fetches.request(targets)).map(toGraphql)
        } catch (err) {
          if (err instanceof InvalidFetchTargetError)
            throw new GraphQLError(err.message, { extensions: { code: 'bad_request', field: err.field } })
          if (err instanceof CrawlerOffError) throw new GraphQLError(err.message, { extensions: { code: 'crawler_off' } })
          throw err
        }
      },
    }),
  }
}
