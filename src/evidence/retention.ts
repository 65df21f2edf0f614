import type { EvidenceConfig } from '../config'
import type { Logger } from '../log'
import type { EvidenceRepository } from './repository'

/** Reports pruned per statement: each is a short write between ingest batches. */
const PRUNE_BATCH = 200
const DAY_MS = 86_400_000

/**
 * Keeps the evidence bounded by itself (issue 30.2): a report keeps its webhook body for
 * SERVICE_EVIDENCE_PAYLOAD_DAYS, and the bodies kept add up to at most
 * SERVICE_EVIDENCE_PAYLOAD_BUDGET, the oldest pruned first. A pruned report keeps its facts
 * (torrent, client, event, type, result, times) and whatever it did to the torrent; only the body
 * for inspection goes, as a duplicate keeps none. The per-report cut (SERVICE_EVIDENCE_MAX_PAYLOAD)
 * is made at the intake.
 */
export function createEvidenceRetention(deps: {
  repository: EvidenceRepository
  payload: EvidenceConfig['payload']
  log: Logger
  nowMs?: () => number
}) {
  const nowMs = deps.nowMs ?? (() => Date.now())
  const { repository, payload } = deps

  const overBudget = (): number => {
    let pruned = 0
    for (
      let excess = repository.payloadBytes() - payload.budgetBytes;
      excess > 0;
      excess = repository.payloadBytes() - payload.budgetBytes
    ) {
      // A body is at most maxBytes: fewer reports than this cannot free the excess, so none goes needlessly.
      const batch = repository.prunePayloads(Math.min(PRUNE_BATCH, Math.ceil(excess / payload.maxBytes)))
      if (batch === 0) break
      pruned += batch
    }
    return pruned
  }

  return {
    /** After a report is recorded: past the budget, the oldest bodies go. A read of one counter otherwise. */
    afterRecord(): void {
      const pruned = overBudget()
      if (pruned > 0)
        deps.log.info('evidence bodies pruned to their facts: over the budget', { reports: pruned, budgetBytes: payload.budgetBytes })
    },
    /** Prunes the bodies past their age, then any over the budget; returns how many reports were pruned. */
    prune(): number {
      const before = new Date(nowMs() - payload.keepDays * DAY_MS).toISOString()
      let pruned = 0
      for (let batch = repository.prunePayloads(PRUNE_BATCH, before); batch > 0; batch = repository.prunePayloads(PRUNE_BATCH, before))
        pruned += batch
      pruned += overBudget()
      if (pruned > 0) deps.log.info('evidence bodies pruned to their facts', { reports: pruned, keepDays: payload.keepDays })
      return pruned
    },
  }
}

export type EvidenceRetention = ReturnType<typeof createEvidenceRetention>
