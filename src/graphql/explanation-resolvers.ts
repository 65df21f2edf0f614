import { type ExplainedRow, type Explanation, renderExplanation } from '../classify'

export interface ExplanationDeps {
  /** A rule's description in the rules in force, quoted in the sentence of the rule that decided. */
  describeRule: (id: string) => string | null
}

/** A search item as toTorrentContent builds it: its stored explanation, read with the page's. */
interface ExplainedItem {
  explained(): Promise<{ codes: string; row: ExplainedRow } | undefined>
}

/** `TorrentContent.explanation`: read only when a query selects it, for the whole page at once. */
export function createExplanationResolvers(deps: ExplanationDeps) {
  return {
    TorrentContent: {
      explanation: async (item: ExplainedItem): Promise<Explanation | null> => {
        const found = await item.explained()
        return found ? renderExplanation(found.codes, found.row, deps.describeRule) : null
      },
    },
  }
}
