import type { Classification, ClassifyOutcome } from '../../../classify'
import type { WritePolicies } from '../../../ingest'
import type { TorrentFile } from '../../../metainfo'
import type { ClassificationRows } from './classification-rows'

/** A stored torrent as the classification policy is asked about it. */
export interface StoredTorrent {
  torrentId: number
  infoHash: Uint8Array
  name: string
  sizeBytes: number
  files: TorrentFile[] | null
}

export type PersistOutcome = { deletedBy: string } | { deletedBy: null; classification: Classification }

/**
 * From the policy's verdict to the rows, for ingest and re-classification alike: a torrent a rule
 * deletes (banned content) is removed and its hash blocked, so nothing brings it back; any other
 * gets its classification and rule tags stored. Runs inside the caller's transaction.
 */
export function createPersistClassification(deps: {
  classify: WritePolicies['classify']
  rows: ClassificationRows
  deleteTorrent: (torrentId: number) => void
}) {
  const { rows } = deps
  return (
    torrent: StoredTorrent,
    context: {
      /**
       * Set for a row inserted in this transaction, with the feed time it was given: it has no
       * operator tags or classification yet, so neither is looked up. Null for a stored torrent.
       */
      newRow: { publishedAt: number } | null
      /** Whether any ground-truth label exists (checked once per batch). */
      hasLabels: boolean
      nowSeconds: number
      preclassified?: ClassifyOutcome
    },
  ): PersistOutcome => {
    const { newRow } = context
    const outcome = deps.classify({
      name: torrent.name,
      sizeBytes: torrent.sizeBytes,
      files: torrent.files,
      operatorTags: newRow ? [] : rows.operatorTagsOf(torrent.torrentId),
      label: context.hasLabels ? rows.findLabel(torrent.infoHash) : null,
      labelsExist: context.hasLabels,
      isNewRow: newRow !== null,
      preclassified: context.preclassified,
    })
    if (outcome.deletedBy !== null) {
      deps.deleteTorrent(torrent.torrentId)
      rows.block(torrent.infoHash, outcome.deletedBy, context.nowSeconds)
      return outcome
    }
    const inserted = newRow ? { name: torrent.name, publishedAt: newRow.publishedAt } : undefined
    rows.store(torrent.torrentId, outcome.classification, context.nowSeconds, inserted)
    return outcome
  }
}

export type PersistClassification = ReturnType<typeof createPersistClassification>
