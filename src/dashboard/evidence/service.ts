import type { CoreClient } from '../core-client'
import { CORE_EVIDENCE_FIELDS, type CoreEvidence, type EvidenceEvent, toEvidenceEvent } from './model'

const LIST_QUERY = `query DashboardEvidence($input: EvidenceQueryInput) {
  evidence(input: $input) { items { ${CORE_EVIDENCE_FIELDS} } }
}`

const TITLES_QUERY = `query DashboardEvidenceTitles($infoHashes: [Hash20!]!, $limit: Int) {
  torrentContent { search(input: { infoHashes: $infoHashes, limit: $limit }) { items { infoHash title } } }
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

    /**
     * The index's titles of the torrents these reports name (one search by info hash), for pages
     * that show a report whose webhook carried no title (the generic form often does not).
     */
    async titlesOf(events: EvidenceEvent[]): Promise<Map<string, string>> {
      const infoHashes = [...new Set(events.flatMap((event) => (event.info_hash ? [event.info_hash] : [])))]
      if (infoHashes.length === 0) return new Map()
      const data = await deps.core.query<{ torrentContent: { search: { items: { infoHash: string; title: string }[] } } }>(TITLES_QUERY, {
        infoHashes,
        limit: infoHashes.length,
      })
      return new Map(data.torrentContent.search.items.map((item) => [item.infoHash, item.title]))
    },
    /** Forwards a client's webhook to the core's intake; its answer (202, or a 400 saying why) is passed on. */
    forward: (instance: string, body: string, contentType: string) => deps.core.forwardEvidence(instance, body, contentType),
  }
}

export type EvidenceService = ReturnType<typeof createEvidenceService>
