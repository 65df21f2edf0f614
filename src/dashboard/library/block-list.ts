import type { AuditService } from '../audit'
import type { CoreClient, ResponseCache } from '../core-client'

/** A hash the core refuses, as the block list page shows it. */
export interface BlockListEntry {
  info_hash: string
  /** Kept for an operator's delete; null for banned content. */
  name: string | null
  reason: 'operator_delete' | 'banned_rule'
  rule_id: string | null
  blocked_at: string
}

const BLOCK_LIST_QUERY = `query DashboardBlockList($limit: Int!, $offset: Int!) {
  blockList(input: { limit: $limit, offset: $offset }) { totalCount items { infoHash name reason ruleId blockedAt } }
}`

/**
 * The core's block list (what deletes keep out) and lifting an operator's delete, through its
 * GraphQL. Never cached: the page shows an unblock at once. Unblocks are audited as operator
 * actions, as deletes are (library-page.ts).
 */
export function createBlockListService(deps: { core: CoreClient; cache: ResponseCache; audit: AuditService }) {
  return {
    async list(limit: number, offset: number): Promise<{ totalCount: number; items: BlockListEntry[] }> {
      const data = await deps.core.query<{
        blockList: {
          totalCount: number
          items: { infoHash: string; name: string | null; reason: string; ruleId: string | null; blockedAt: string }[]
        }
      }>(BLOCK_LIST_QUERY, { limit, offset })
      return {
        totalCount: data.blockList.totalCount,
        items: data.blockList.items.map((item) => ({
          info_hash: item.infoHash,
          name: item.name,
          reason: item.reason === 'operator_delete' ? 'operator_delete' : 'banned_rule',
          rule_id: item.ruleId,
          blocked_at: item.blockedAt,
        })),
      }
    },

    /** Lifts these operator deletes; answers how many the core lifted (banned content stays). */
    async unblock(infoHashes: string[], changedBy: string): Promise<number> {
      const data = await deps.core.query<{ unblockTorrents: number }>(
        'mutation DashboardUnblock($h: [Hash20!]!) { unblockTorrents(infoHashes: $h) }',
        { h: infoHashes },
      )
      for (const infoHash of infoHashes) deps.audit.record({ kind: 'operator', key: `torrent:${infoHash}`, action: 'unblocked', changedBy })
      deps.cache.clear()
      return data.unblockTorrents
    },
  }
}

export type BlockListService = ReturnType<typeof createBlockListService>
