import type { Classification, Classifier, ClassifyOutcome } from '../classify'
import type { TorrentFile } from '../metainfo'
import type { ClassificationStore } from './classification-store'

/** A stored torrent as the classifier sees it. */
export interface StoredTorrent {
  torrentId: number
  infoHash: Uint8Array
  name: string
  sizeBytes: number
  files: TorrentFile[] | null
}

export type PersistOutcome = { deletedBy: string } | { deletedBy: null; classification: Classification }

/**
 * The one step from a classifier's verdict to the store, for ingest and re-classification alike
 * (as bitmagnet's single processor serves crawl and reprocess): a torrent a rule deletes (banned
 * content) is removed and its hash blocked, so nothing brings it back; any other gets its
 * classification and rule tags stored. Runs inside the caller's transaction.
 */
export function createClassifyAndPersist(deps: {
  classifier: Classifier
  classifications: ClassificationStore
  deleteTorrent: (torrentId: number) => void
}) {
  const { classifier, classifications } = deps
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
      /** The verdict already made for this torrent as a new one, valid only for a `newRow` while no label exists. */
      preclassified?: ClassifyOutcome
    },
  ): PersistOutcome => {
    const { preclassified, newRow } = context
    const outcome =
      preclassified && newRow && !context.hasLabels
        ? preclassified
        : classifier.classify(
            {
              name: torrent.name,
              sizeBytes: torrent.sizeBytes,
              files: torrent.files,
              tags: newRow ? [] : classifications.operatorTagsOf(torrent.torrentId),
            },
            context.hasLabels ? classifications.findLabel(torrent.infoHash) : null,
          )
    if (outcome.deletedBy !== null) {
      deps.deleteTorrent(torrent.torrentId)
      classifications.block(torrent.infoHash, outcome.deletedBy, context.nowSeconds)
      return outcome
    }
    const inserted = newRow ? { name: torrent.name, publishedAt: newRow.publishedAt } : undefined
    classifications.store(torrent.torrentId, outcome.classification, context.nowSeconds, inserted)
    return outcome
  }
}

export type ClassifyAndPersist = ReturnType<typeof createClassifyAndPersist>
