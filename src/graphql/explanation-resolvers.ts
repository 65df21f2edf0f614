import { type Explanation, renderExplanation } from '../classify'
import type { TorrentRepository } from './torrent-repository'

export interface ExplanationDeps {
  torrents: TorrentRepository
  /** A rule's description in the rules in force, quoted in the sentence of the rule that decided. */
  describeRule: (id: string) => string | null
}

/** `TorrentContent.explanation`: read (one row by info hash) only when a query selects it. */
export function createExplanationResolvers(deps: ExplanationDeps) {
  return {
    TorrentContent: {
      explanation: (item: { infoHash: string }): Explanation | null => {
        const row = deps.torrents.explainedOf(item.infoHash)
        if (!row?.explanation) return null
        const { explanation, sizeBytes, filesCount, contentType, confidence, status, firedRules, ...parsed } = row
        return renderExplanation(
          explanation,
          { contentType, confidence, status, firedRules, sizeBytes, filesCount, parsed },
          deps.describeRule,
        )
      },
    },
  }
}
