import type { CoreClient } from '../core-client'
import { CORE_EVIDENCE_FIELDS, type CoreEvidence, type EvidenceEvent, toEvidenceEvent } from './model'

const LIST_QUERY = `query DashboardEvidence($input: EvidenceQueryInput) {
  evidence(input: $input) { items { ${CORE_EVIDENCE_FIELDS} } }
}`

/** The webhook bodies the *arr apps send are small; a larger one is refused before it is forwarded. */
export const MAX_EVIDENCE_BYTES = 64 * 1024

/** Evidence reports, read from and posted to the core (which owns them). */
export function createEvidenceService(deps: { core: CoreClient }) {
  return {
    async list(paging: { limit: number; offset: number }): Promise<{ items: EvidenceEvent[] }> {
      const data = await deps.core.query<{ evidence: { items: CoreEvidence[] } }>(LIST_QUERY, { input: paging })
      return { items: data.evidence.items.map(toEvidenceEvent) }
    },
    /** Forwards a client's webhook to the core's intake; its answer (202, or a 400 saying why) is passed on. */
    forward: (instance: string, body: string, contentType: string) => deps.core.forwardEvidence(instance, body, contentType),
  }
}

export type EvidenceService = ReturnType<typeof createEvidenceService>
