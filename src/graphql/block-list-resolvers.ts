import { GraphQLError } from 'graphql'
import type { RuntimeSettings } from '../settings'
import type { BlockList, BlockedTorrent } from '../torrents'
import { requireCoreKey } from './dashboard-resolvers'

export const BLOCK_LIST_PAGE = { defaultLimit: 50, maxLimit: 500 }

export interface BlockListDeps {
  blockList: BlockList
  settings: RuntimeSettings
}

const badInput = (field: string, message: string) => new GraphQLError(`${field} ${message}`, { extensions: { code: 'bad_request', field } })

const toGraphql = ({ blockedAt, ...blocked }: BlockedTorrent) => ({ ...blocked, blockedAt: new Date(blockedAt * 1000).toISOString() })

/**
 * The block list for the dashboard: what operator deletes and banned-content rules keep out of
 * the index, and lifting an operator's delete. Both take the key the other dashboard-only
 * operations take: the list names what an operator removed, and an unblock lets it back in.
 */
export function createBlockListResolvers(deps: BlockListDeps) {
  return {
    Query: {
      blockList: (
        _: unknown,
        { input }: { input?: { limit?: number | null; offset?: number | null } | null },
        context: { request?: Request },
      ) => {
        requireCoreKey(context, deps.settings.torznabApiKey())
        const limit = input?.limit ?? BLOCK_LIST_PAGE.defaultLimit
        if (limit < 1 || limit > BLOCK_LIST_PAGE.maxLimit)
          throw badInput('input.limit', `must be from 1 to ${BLOCK_LIST_PAGE.maxLimit}, not ${limit}`)
        const offset = input?.offset ?? 0
        if (offset < 0) throw badInput('input.offset', `must be 0 or more, not ${offset}`)
        const { total, items } = deps.blockList.list(limit, offset)
        return { totalCount: total, items: items.map(toGraphql) }
      },
    },
    Mutation: {
      unblockTorrents: (_: unknown, { infoHashes }: { infoHashes: string[] }, context: { request?: Request }) => {
        requireCoreKey(context, deps.settings.torznabApiKey())
        if (infoHashes.length === 0) throw badInput('infoHashes', 'must name at least one info hash')
        return deps.blockList.unblock([...new Set(infoHashes)])
      },
    },
  }
}
