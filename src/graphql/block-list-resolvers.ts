import type { BlockList, BlockedTorrent } from '../torrents'
import { adminOnly } from './admin-only'
import { badInput, readLimit } from './dashboard-resolvers'

export const BLOCK_LIST_PAGE = { defaultLimit: 50, maxLimit: 500 }

export interface BlockListDeps {
  /** The core admin key both fields ask for (adminOnly). */
  adminKey: string
  blockList: BlockList
}

const toGraphql = ({ blockedAt, ...blocked }: BlockedTorrent) => ({ ...blocked, blockedAt: new Date(blockedAt * 1000).toISOString() })

/**
 * The block list for the dashboard: what operator deletes and banned-content rules keep out of
 * the index, and lifting an operator's delete. Both take the core admin key, as the other
 * dashboard-only operations do: the list names what an operator removed, and an unblock lets it back in.
 */
export function createBlockListResolvers(deps: BlockListDeps) {
  return {
    Query: adminOnly(deps.adminKey, {
      blockList: (_: unknown, { input }: { input?: { limit?: number | null; offset?: number | null } | null }) => {
        const limit = readLimit('input.limit', input?.limit, BLOCK_LIST_PAGE)
        const offset = input?.offset ?? 0
        if (offset < 0) throw badInput('input.offset', `must be 0 or more, not ${offset}`)
        const { total, items } = deps.blockList.list(limit, offset)
        return { totalCount: total, items: items.map(toGraphql) }
      },
    }),
    Mutation: adminOnly(deps.adminKey, {
      unblockTorrents: (_: unknown, { infoHashes }: { infoHashes: string[] }) => {
        if (infoHashes.length === 0) throw badInput('infoHashes', 'must name at least one info hash')
        return deps.blockList.unblock([...new Set(infoHashes)])
      },
    }),
  }
}
