import { and, count, desc, eq, inArray } from 'drizzle-orm'
import { type DatabaseHandle, schema } from '../db'
import { bytesToHex, hexToBytes } from '../metainfo'
import { OPERATOR_DELETE } from './operator-edits'

const { blockedTorrents } = schema

/** A hash the index refuses, and why: an operator deleted it, or a banned-content rule did. */
export interface BlockedTorrent {
  /** 40 hex. */
  infoHash: string
  /** Kept for an operator's delete only (migration 0044). */
  name: string | null
  reason: 'operator_delete' | 'banned_rule'
  /** The rule that deleted it; null for an operator's delete. */
  ruleId: string | null
  /** Unix seconds. */
  blockedAt: number
}

/**
 * The block list as an operator sees it: listed newest first, and lifted for operator deletes
 * only. Banned content stays blocked: the rule that matched it would delete it again, and lifting
 * it would have the crawler fetch it back first.
 */
export function createBlockList(db: DatabaseHandle) {
  const { orm } = db
  return {
    list(limit: number, offset: number): { total: number; items: BlockedTorrent[] } {
      const total = orm.select({ n: count() }).from(blockedTorrents).get()!.n
      const items = orm
        .select()
        .from(blockedTorrents)
        .orderBy(desc(blockedTorrents.blockedAt), blockedTorrents.infoHash)
        .limit(limit)
        .offset(offset)
        .all()
        .map((row): BlockedTorrent => {
          const byOperator = row.ruleId === OPERATOR_DELETE
          return {
            infoHash: bytesToHex(row.infoHash),
            name: row.name,
            reason: byOperator ? 'operator_delete' : 'banned_rule',
            ruleId: byOperator ? null : row.ruleId,
            blockedAt: row.blockedAt,
          }
        })
      return { total, items }
    },

    /** Lifts the operator deletes among these hashes (40 hex); returns how many it lifted. */
    unblock(infoHashes: string[]): number {
      if (infoHashes.length === 0) return 0
      return orm
        .delete(blockedTorrents)
        .where(
          and(
            eq(blockedTorrents.ruleId, OPERATOR_DELETE),
            inArray(
              blockedTorrents.infoHash,
              infoHashes.map((infoHash) => Buffer.from(hexToBytes(infoHash))),
            ),
          ),
        )
        .returning({ infoHash: blockedTorrents.infoHash })
        .all().length
    },
  }
}

export type BlockList = ReturnType<typeof createBlockList>
