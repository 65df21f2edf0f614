import type { Classifier } from '../classify'
import type { EvidenceConfig } from '../config'
import type { DatabaseHandle } from '../db'
import { createClassificationStore } from './classification-store'
import { createClassifyAndPersist } from './classify-and-persist'
import { createEvidenceCatchUp } from './evidence-catch-up'
import { createBlockList } from './block-list'
import { createOperatorEdits } from './operator-edits'
import { createReclassifier } from './reclassify'
import { createTorrentWriter } from './torrent-writer'

/**
 * The one owner of writes to a torrent and what hangs off it: the row, its files and sources,
 * its classification and tags, ground-truth labels and the block list. Ingest, re-classification,
 * evidence, the rerank and the GraphQL mutations all write through the parts built here, and a
 * torrent is classified and persisted (or deleted and blocked) by one function whoever asks.
 */
export function createTorrentStore(deps: {
  db: DatabaseHandle
  classifier: Classifier
  evidenceWeights: EvidenceConfig['weights']
  /** Torrents per re-classification transaction. */
  batchSize: number
}) {
  const { db } = deps
  const classifications = createClassificationStore(db)
  // Prepared once: a banned torrent found during an import is deleted inside the batch.
  const deleteTorrent = db.sqlite.prepare('DELETE FROM torrents WHERE id = ?')
  const classifyAndPersist = createClassifyAndPersist({
    classifier: deps.classifier,
    classifications,
    deleteTorrent: (torrentId) => void deleteTorrent.run(torrentId),
  })
  return {
    /** The ingest pipeline's writer. */
    writer: createTorrentWriter(db.sqlite, {
      classifications,
      classifyAndPersist,
      evidence: createEvidenceCatchUp(db.sqlite, deps.evidenceWeights),
    }),
    reclassifier: createReclassifier({ db, classifications, classifyAndPersist, batchSize: deps.batchSize }),
    /** For a later opinion (the rerank) that may store only over the classification it saw. */
    replaceClassificationIfUnchanged: classifications.replaceIfUnchanged,
    operator: createOperatorEdits(db),
    /** What operator deletes and banned-content rules blocked, and lifting the former. */
    blockList: createBlockList(db),
  }
}

export type TorrentStore = ReturnType<typeof createTorrentStore>
