import type { Database, SQLQueryBindings, Statement } from 'bun:sqlite'
import { writeTransaction } from '../db'
import type { BatchResult, ClassifiedItem, IngestItem, SwarmUpdate, WriteOutcome } from '../ingest'
import { hexToBytes, type TorrentFile } from '../metainfo'
import { createCarriedFactsWriter } from './carried-facts'
import type { ClassificationStore } from './classification-store'
import type { ClassifyAndPersist } from './classify-and-persist'
import type { EvidenceCatchUp } from './evidence-catch-up'
import { OPERATOR_DELETE } from './operator-edits'

/**
 * The ingest writer's SQL. Raw prepared statements on purpose: this is the one hot write path
 * (tens of thousands of torrents a second on import), where the query builder's per-row object
 * mapping would cost more than SQLite itself. Each new torrent (or one whose file list arrives)
 * is classified in the same transaction, so nothing is ever visible unclassified.
 */
export function createTorrentWriter(
  db: Database,
  deps: { classifications: ClassificationStore; classifyAndPersist: ClassifyAndPersist; evidence: EvidenceCatchUp },
) {
  const { classifications, evidence } = deps
  const findTorrent = db.prepare<{ id: number; files_count: number | null }, [Uint8Array]>(
    'SELECT id, files_count FROM torrents WHERE info_hash = ?',
  )
  // New torrents are the common case on import: try the insert first and look the row up only
  // when the hash is already there, which saves an index probe per new torrent.
  const insertTorrent = db.prepare(
    `INSERT INTO torrents (info_hash, info_hash_v2, name, size, private, files_count, seeders, leechers,
       published_at, first_seen_at, updated_at, swarm_checked_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (info_hash) DO NOTHING`,
  )
  // Same info hash means same info dict, so name and files never change; only what we learn
  // about the swarm and the earliest sighting move.
  const touchTorrent = db.prepare(
    `UPDATE torrents SET first_seen_at = min(first_seen_at, ?), updated_at = ?,
       seeders = coalesce(?, seeders), leechers = coalesce(?, leechers), swarm_checked_at = max(swarm_checked_at, ?),
       private = max(private, ?), info_hash_v2 = coalesce(info_hash_v2, ?)
     WHERE id = ?`,
  )
  // A check replaces what we knew: a swarm shrinks as well as grows, and unknown is unknown.
  const setSwarm = db.prepare('UPDATE torrents SET seeders = ?, leechers = ?, swarm_checked_at = ?, updated_at = ? WHERE info_hash = ?')
  const fillFiles = db.prepare('UPDATE torrents SET files_count = ?, size = ? WHERE id = ?')
  const insertFiles = createMultiRowInsert(
    db,
    'INSERT INTO torrent_files (torrent_id, file_index, path, size, extension, file_type) VALUES',
    6,
  )
  const upsertSource = db.prepare(
    `INSERT INTO torrent_sources (torrent_id, source_id, published_at, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (torrent_id, source_id) DO UPDATE SET
       published_at = min(published_at, excluded.published_at), updated_at = excluded.updated_at`,
  )
  const findSource = db.prepare<{ id: number }, [string]>('SELECT id FROM sources WHERE key = ?')
  const insertSource = db.prepare('INSERT INTO sources (key, name) VALUES (?, ?)')
  const sourceIds = new Map<string, number>()
  const carried = createCarriedFactsWriter(db)

  const sourceId = (key: string): number => {
    let id = sourceIds.get(key) ?? findSource.get(key)?.id
    if (id === undefined) id = Number(insertSource.run(key, key).lastInsertRowid)
    sourceIds.set(key, id)
    return id
  }

  const writeFiles = (torrentId: number, files: TorrentFile[]) => {
    insertFiles(files.length, (i) => {
      const file = files[i]!
      return [torrentId, file.index, file.path, file.sizeBytes, file.extension, file.fileType]
    })
  }

  /** Classifies and stores; false when a rule deleted the torrent (it is then blocked). */
  const classify = (
    torrentId: number,
    hash: Uint8Array,
    item: IngestItem,
    newRow: { publishedAt: number } | null,
    batch: BatchState,
    nowSeconds: number,
  ) => {
    const outcome = deps.classifyAndPersist(
      { torrentId, infoHash: hash, name: item.name, sizeBytes: item.sizeBytes, files: item.files },
      { newRow, hasLabels: batch.hasLabels, nowSeconds, preclassified: item.preclassified },
    )
    if (outcome.deletedBy !== null) {
      batch.hasBlocked = true
      return false
    }
    batch.classified.push({ torrentId, classifiedAt: nowSeconds, item, classification: outcome.classification })
    return true
  }

  const writeOne = (item: IngestItem, nowSeconds: number, batch: BatchState): WriteOutcome => {
    const hash = hexToBytes(item.infoHash)
    const blockedBy = batch.hasBlocked ? classifications.blockingRule(hash) : null
    if (blockedBy !== null) return blockedBy === OPERATOR_DELETE ? 'blocked' : 'deleted'
    // Stored before the torrent is classified, so the classification below is confirmed by it.
    const isNewlyLabelled = item.carried?.label ? carried.label(hash, item.carried.label) : false
    if (isNewlyLabelled) batch.hasLabels = true
    const hashV2 = item.infoHashV2 ? hexToBytes(item.infoHashV2) : null
    // A source's clock may run ahead; a future time would pin the item to the top of the feed.
    const publishedAt = Math.min(item.publishedAt ?? nowSeconds, nowSeconds)
    const swarmCheckedAt = item.isSwarmCheck ? nowSeconds : 0
    const inserted = insertTorrent.run(
      hash,
      hashV2,
      item.name,
      item.sizeBytes,
      item.isPrivate ? 1 : 0,
      filesCountOf(item),
      item.seeders,
      item.leechers,
      publishedAt,
      publishedAt,
      nowSeconds,
      swarmCheckedAt,
    )
    let torrentId: number
    const isNew = inserted.changes > 0
    if (isNew) {
      torrentId = Number(inserted.lastInsertRowid)
      if (item.files) writeFiles(torrentId, item.files)
      if (!classify(torrentId, hash, item, { publishedAt }, batch, nowSeconds)) return 'deleted'
      if (batch.hasEvidence) evidence.apply(hash, torrentId)
    } else {
      const existing = findTorrent.get(hash)!
      torrentId = existing.id
      touchTorrent.run(publishedAt, nowSeconds, item.seeders, item.leechers, swarmCheckedAt, item.isPrivate ? 1 : 0, hashV2, torrentId)
      if (existing.files_count === null && item.files) {
        fillFiles.run(filesCountOf(item), item.sizeBytes, torrentId)
        writeFiles(torrentId, item.files)
        // The file list is new evidence: the name alone may have been classified wrongly.
        if (!classify(torrentId, hash, item, null, batch, nowSeconds)) return 'deleted'
      } else if (isNewlyLabelled && !classify(torrentId, hash, { ...item, ...carried.stored(torrentId) }, null, batch, nowSeconds)) {
        return 'deleted'
      }
    }
    if (item.carried) carried.keep(torrentId, item.carried, isNew)
    upsertSource.run(torrentId, sourceId(item.source), publishedAt, nowSeconds)
    return isNew ? 'imported' : 'updated'
  }

  return {
    /** Writes a batch in one transaction: all of it lands, or none of it. */
    writeBatch: writeTransaction(db, (items: IngestItem[], nowSeconds: number): BatchResult => {
      const batch: BatchState = {
        hasLabels: classifications.hasAnyLabel(),
        hasBlocked: classifications.hasAnyBlocked(),
        hasEvidence: evidence.hasAny(),
        classified: [],
      }
      const outcomes = items.map((item) => writeOne(item, nowSeconds, batch))
      return { outcomes, classified: batch.classified }
    }),
    /** Fresh swarm counts for torrents already stored, with the check's time; unknown hashes are skipped. */
    updateSwarms: writeTransaction(db, (updates: SwarmUpdate[], nowSeconds: number): void => {
      for (const update of updates) setSwarm.run(update.seeders, update.leechers, nowSeconds, nowSeconds, hexToBytes(update.infoHash))
    }),
  }
}

/**
 * Both tables are empty in most indexes, so each is checked once per batch instead of probed per
 * torrent; a block made during the batch turns the probe on for the rest of it.
 */
interface BatchState {
  hasLabels: boolean
  hasBlocked: boolean
  hasEvidence: boolean
  classified: ClassifiedItem[]
}

/** Every file of the torrent: files_count counts those past the stored list too. */
function filesCountOf(item: IngestItem): number | null {
  return item.files ? Math.max(item.filesCount ?? 0, item.files.length) : null
}

const ROWS_PER_STATEMENT = 32

/**
 * Inserts rows up to 32 at a time with one multi-row VALUES statement: a torrent's files are
 * written in one or two calls instead of one each, which halves the cost of a file row.
 */
function createMultiRowInsert(db: Database, insertPrefix: string, columns: number) {
  const statements = new Map<number, Statement>()
  const statementFor = (rows: number) => {
    let statement = statements.get(rows)
    if (!statement) {
      const tuple = `(${Array(columns).fill('?').join(', ')})`
      statement = db.prepare(`${insertPrefix} ${Array(rows).fill(tuple).join(', ')}`)
      statements.set(rows, statement)
    }
    return statement
  }
  return (rowCount: number, rowAt: (index: number) => SQLQueryBindings[]) => {
    for (let start = 0; start < rowCount; start += ROWS_PER_STATEMENT) {
      const end = Math.min(start + ROWS_PER_STATEMENT, rowCount)
      const values: SQLQueryBindings[] = []
      for (let i = start; i < end; i++) values.push(...rowAt(i))
      statementFor(end - start).run(...values)
    }
  }
}

export type TorrentWriter = ReturnType<typeof createTorrentWriter>
