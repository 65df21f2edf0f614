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
