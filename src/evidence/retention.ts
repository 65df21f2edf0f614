import type { EvidenceConfig } from '../config'
import type { Logger } from '../log'
import type { EvidenceStore } from './store-port'

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
  store: EvidenceStore
  payload: EvidenceConfig['payload']
  log: Logger
  nowMs?: () => number
}) {
  const nowMs = deps.nowMs ?? (() => Date.now())
  const { store, payload } = deps

  const overBudget = async (): Promise<number> => {
    let pruned = 0
    for (
      let excess = (await store.payloadBytes()) - payload.budgetBytes;
      excess > 0;
      excess = (await store.payloadBytes()) - payload.budgetBytes
    ) {
      // A body is at most maxBytes: fewer reports than this cannot free the excess, so none goes needlessly.
      const batch = await store.prunePayloads(Math.min(PRUNE_BATCH, Math.ceil(excess / payload.maxBytes)))
      if (batch === 0) break
      pruned += batch
    }
    return pruned
  }

  return {
    /** After a report is recorded: past the budget, the oldest bodies go. A read of one counter otherwise. */
    async afterRecord(): Promise<void> {
      const pruned = await overBudget()
      if (pruned > 0)
        deps.log.info('evidence bodies pruned to their facts: over the budget', { reports: pruned, budgetBytes: payload.budgetBytes })
    },
    /** Prunes the bodies past their age, then any over the budget; returns how many reports were pruned. */
    async prune(): Promise<number> {
      const before = new Date(nowMs() - payload.keepDays * DAY_MS).toISOString()
      let pruned = 0
      for (let batch = await store.prunePayloads(PRUNE_BATCH, before); batch > 0; batch = await store.prunePayloads(PRUNE_BATCH, before))
        pruned += batch
      pruned += await overBudget()
      if (pruned > 0) deps.log.info('evidence bodies pruned to their facts', { reports: pruned, keepDays: payload.keepDays })
      return pruned
    },
  }
}

export type EvidenceRetention = ReturnType<typeof createEvidenceRetention>
