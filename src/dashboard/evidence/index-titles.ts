import { evidenceTitle } from '../../../views/partials/evidence-row'
import type { EvidenceEvent } from './model'
import type { EvidenceService } from './service'

/**
 * Reports whose webhook named no title (the generic form usually does not) shown with the
 * index's title of their torrent instead of a bare info hash: one search for all of them. For
 * the pages only; the API returns the payload as it was received.
 */
export async function withIndexTitles(evidence: Pick<EvidenceService, 'titlesOf'>, events: EvidenceEvent[]): Promise<EvidenceEvent[]> {
  const untitled = events.filter((event) => event.info_hash !== null && evidenceTitle(event.payload) === null)
  if (untitled.length === 0) return events
  const titles = await evidence.titlesOf(untitled)
  return events.map((event) => {
    const title = event.info_hash !== null && evidenceTitle(event.payload) === null ? titles.get(event.info_hash) : undefined
    if (title === undefined) return event
    const payload = event.payload !== null && typeof event.payload === 'object' ? event.payload : {}
    return { ...event, payload: { ...payload, title } }
  })
}
