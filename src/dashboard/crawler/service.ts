import { BadRequestError } from '../../http'
import type { AuditService } from '../audit'
import { type CoreClient, CoreQueryError } from '../core-client'
import type { CrawlerState } from '../../vocabulary'
import { CRAWLER_FIELDS, FETCH_FIELDS, type FetchRequestView } from './model'

/** Requests the overview lists: the newest ones, enough for an afternoon's pastes. */
const LISTED_FETCHES = 20

/**
 * The operator's hold on the core's crawler: its state, pause and resume, fetches by hash or
 * magnet and their state, all through the core's GraphQL (with the Torznab key the core requires).
 * Each pause, resume and fetch is an audit row (kind `operator`) naming who asked.
 */
export function createCrawlerControlService(deps: { core: Pick<CoreClient, 'query'>; audit: AuditService }) {
  return {
    async state(): Promise<CrawlerState> {
      return (await deps.core.query<{ crawler: CrawlerState }>(`query DashboardCrawler { crawler { ${CRAWLER_FIELDS} } }`)).crawler
    },
    async setPaused(paused: boolean, changedBy: string): Promise<CrawlerState> {
      const before = await this.state()
      const { setCrawlerPaused } = await deps.core.query<{ setCrawlerPaused: CrawlerState }>(
        `mutation DashboardPause($paused: Boolean!) { setCrawlerPaused(paused: $paused) { ${CRAWLER_FIELDS} } }`,
        { paused },
      )
      deps.audit.record({
        kind: 'operator',
        key: 'crawler',
        action: paused ? 'crawler_paused' : 'crawler_resumed',
        oldValue: before.mode,
        newValue: setCrawlerPaused.mode,
        changedBy,
      })
      return setCrawlerPaused
    },
    /** The core's refusal of a target (not a magnet or hash) is a BadRequestError naming it. */
    async fetch(targets: string[], changedBy: string): Promise<FetchRequestView[]> {
      let requests: FetchRequestView[]
      try {
        requests = (
          await deps.core.query<{ fetchTorrents: FetchRequestView[] }>(
            `mutation DashboardFetch($targets: [String!]!) { fetchTorrents(targets: $targets) { ${FETCH_FIELDS} } }`,
            { targets },
          )
        ).fetchTorrents
      } catch (err) {
        // Our query is fixed: what the core refuses in it is the input.
        if (err instanceof CoreQueryError) throw new BadRequestError(err.message)
        throw err
      }
      deps.audit.record({
        kind: 'operator',
        key: 'fetch',
        action: 'fetch_requested',
        newValue: requests.map((request) => request.infoHash),
        changedBy,
      })
      return requests
    },
    async fetchRequests(limit = LISTED_FETCHES): Promise<FetchRequestView[]> {
      return (
        await deps.core.query<{ fetchRequests: FetchRequestView[] }>(
          `query DashboardFetches($limit: Int) { fetchRequests(limit: $limit) { ${FETCH_FIELDS} } }`,
          { limit },
        )
      ).fetchRequests
    },
  }
}

export type CrawlerControlService = ReturnType<typeof createCrawlerControlService>
