/** The rule id a block made by an operator's delete carries. */
export const OPERATOR_DELETE = 'operator-delete'

/**
 * A hash the index refuses, and why: an operator deleted it, or a banned-content rule did. An
 * operator lifts only the former: the rule that matched banned content would delete it again, and
 * lifting it would have the crawler fetch it back first.
 */
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

/** A block-list row as every engine stores it (the rule id, or OPERATOR_DELETE) as the port gives it. */
export function blockedTorrentOf(row: { infoHash: string; name: string | null; ruleId: string; blockedAt: number }): BlockedTorrent {
  const byOperator = row.ruleId === OPERATOR_DELETE
  return {
    infoHash: row.infoHash,
    name: row.name,
    reason: byOperator ? 'operator_delete' : 'banned_rule',
    ruleId: byOperator ? null : row.ruleId,
    blockedAt: row.blockedAt,
  }
}
