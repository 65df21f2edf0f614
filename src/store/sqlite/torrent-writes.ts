import type { WritePolicies } from '../../ingest'
import type { TorrentWrites } from '../../torrents'
import { writeTransaction } from '../sqlite-file'
import { createClassificationRows } from './ingest/classification-rows'
import { createEvidenceCatchUp } from './ingest/evidence-catch-up'
import { createPersistClassification } from './ingest/persist-classification'
import { createTorrentWriter } from './ingest/torrent-writer'
import type { DatabaseHandle } from './open-database'
import { asPortMethods } from './port-call'
import { createReclassifyPages } from './torrents/reclassify-pages'
import type { Classification } from '../../classify'

/**
 * The writers that classify (ingest, re-classification, the rerank), on one connection and with
 * one set of policies, so a torrent is classified and persisted (or deleted and blocked) the same
 * way whoever asks.
 */
export function createSqliteTorrentWrites(db: DatabaseHandle, policies: WritePolicies): TorrentWrites {
  const classifications = createClassificationRows(db)
  // Prepared once: a banned torrent found during an import is deleted inside the batch.
  const deleteTorrent = db.sqlite.prepare('DELETE FROM torrents WHERE id = ?')
  const persistClassification = createPersistClassification({
    classify: policies.classify,
    rows: classifications,
    deleteTorrent: (torrentId) => void deleteTorrent.run(torrentId),
  })
  const writer = createTorrentWriter(db.sqlite, {
    classifications,
    persistClassification,
    evidence: createEvidenceCatchUp(db.sqlite, policies.scoreEvidence),
  })
  const pages = createReclassifyPages(db, { classifications, persistClassification })
  return {
    ingest: asPortMethods({ writeBatch: writer.writeBatch, updateSwarms: writer.updateSwarms }),
    reclassify: asPortMethods({ count: pages.count, reclassifyPage: pages.reclassifyPage }),
    rerank: asPortMethods({
      replaceIfUnchanged: writeTransaction(
        db.sqlite,
        (torrentId: number, classifiedAt: number, classification: Classification, nowSeconds: number): boolean => {
          const stored = classifications.storedVersion(torrentId)
          if (!stored || stored.classified_at !== classifiedAt || stored.status !== 'pending') return false
          classifications.store(torrentId, classification, nowSeconds)
          return true
        },
      ),
    }),
  }
}
