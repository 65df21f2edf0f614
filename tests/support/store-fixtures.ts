/**
 * What the store contracts need of an index beyond the port under test: torrents put in it
 * (through IngestStore.writeBatch, classified by the default rules) and what no port reads back
 * (a torrent's evidence counters, operator tags and ground-truth label). Each adapter answers the
 * looks its own way; on SQLite, with SQL.
 */
import type { IngestItem, SwarmUpdate } from '../../src/ingest'
import { extensionOf, fileTypeOf } from '../../src/metainfo'
import type { CoreStore } from '../../src/store'
import { defaultTorrentWrites, pgOf, sqliteOf } from './test-index'

export interface FixtureTorrent {
  infoHash: string
  name: string
  sizeBytes?: number
  /** Unix seconds; the write's own time when left out. */
  publishedAt?: number
  files?: { path: string; sizeBytes: number }[]
  source?: string
  seeders?: number
  /** Its swarm was counted at the write's time (swarm_checked_at); never, when left out. */
  swarmChecked?: boolean
}

export interface StoreFixtures {
  /** Stores the torrents (classified by the default rules) at `nowSeconds`, as the ingest would; their ids, in order. */
  addTorrents(torrents: readonly FixtureTorrent[], nowSeconds: number): Promise<number[]>
  /** Deletes stored torrents, as an operator's delete does. */
  deleteTorrents(infoHashes: readonly string[], nowSeconds: number): Promise<void>
  /** Adds operator tags to stored torrents. */
  tagTorrents(infoHashes: readonly string[], tags: readonly string[]): Promise<void>
  /** Fresh swarm counts of stored torrents, checked at `nowSeconds`. */
  updateSwarms(updates: readonly SwarmUpdate[], nowSeconds: number): Promise<void>
  /** A stored torrent's operator tags, sorted. */
  operatorTags(infoHash: string): Promise<string[]>
  /** A stored torrent's evidence counters; null when it is not stored. */
  torrentEvidence(infoHash: string): Promise<{ grabs: number; evidenceScore: number } | null>
  /** The ground-truth label kept for a hash, stored or not; null when there is none. */
  groundTruth(infoHash: string): Promise<{ contentType: string; title: string; labelledBy: string; labelledAt: number } | null>
}

/** What an engine answers with its own SQL: the looks no port offers. */
type EngineLooks = Pick<StoreFixtures, 'operatorTags' | 'torrentEvidence' | 'groundTruth'>

/** The fixtures every engine shares (through the ports), with the engine's own looks. */
function portFixtures(store: CoreStore, looks: EngineLooks): StoreFixtures {
  const writer = defaultTorrentWrites(store).ingest
  return {
    async addTorrents(torrents, nowSeconds) {
      const { classified } = await writer.writeBatch(torrents.map(toIngestItem), nowSeconds)
      const ids = new Map(classified.map((entry) => [entry.item.infoHash, entry.torrentId]))
      return torrents.map((torrent) => ids.get(torrent.infoHash)!)
    },
    async deleteTorrents(infoHashes, nowSeconds) {
      await store.operatorEdits.deleteAndBlock(infoHashes, nowSeconds)
    },
    async tagTorrents(infoHashes, tags) {
      await store.operatorEdits.putTags(infoHashes, tags, false)
    },
    async updateSwarms(updates, nowSeconds) {
      await writer.updateSwarms(updates, nowSeconds)
    },
    ...looks,
  }
}

export function sqliteFixtures(store: CoreStore): StoreFixtures {
  const { sqlite } = sqliteOf(store)
  return portFixtures(store, {
    async operatorTags(infoHash) {
      return sqlite
        .query<{ tag: string }, [Buffer]>(
          `SELECT tag FROM torrent_tags WHERE by_rule = 0 AND torrent_id = (SELECT id FROM torrents WHERE info_hash = ?) ORDER BY tag`,
        )
        .all(Buffer.from(infoHash, 'hex'))
        .map((row) => row.tag)
    },
    async torrentEvidence(infoHash) {
      const row = sqlite
        .query<{ grabs: number; evidence_score: number }, [Buffer]>('SELECT grabs, evidence_score FROM torrents WHERE info_hash = ?')
        .get(Buffer.from(infoHash, 'hex'))
      return row ? { grabs: row.grabs, evidenceScore: row.evidence_score } : null
    },
    async groundTruth(infoHash) {
      return sqlite
        .query<{ contentType: string; title: string; labelledBy: string; labelledAt: number }, [Buffer]>(
          `SELECT content_type AS contentType, title, labelled_by AS labelledBy, labelled_at AS labelledAt
           FROM ground_truth_labels WHERE info_hash = ?`,
        )
        .get(Buffer.from(infoHash, 'hex'))
    },
  })
}

export function pgFixtures(store: CoreStore): StoreFixtures {
  const sql = pgOf(store)
  return portFixtures(store, {
    async operatorTags(infoHash) {
      const rows = await sql`SELECT tag FROM torrent_tags
        WHERE NOT by_rule AND torrent_id = (SELECT id FROM torrents WHERE info_hash = ${Buffer.from(infoHash, 'hex')}) ORDER BY tag`
      return rows.map((row: { tag: string }) => row.tag)
    },
    async torrentEvidence(infoHash) {
      const [row] = await sql`SELECT grabs, evidence_score FROM torrents WHERE info_hash = ${Buffer.from(infoHash, 'hex')}`
      return row ? { grabs: Number(row.grabs), evidenceScore: Number(row.evidence_score) } : null
    },
    async groundTruth(infoHash) {
      const [row] = await sql`SELECT content_type, title, labelled_by, labelled_at FROM ground_truth_labels
        WHERE info_hash = ${Buffer.from(infoHash, 'hex')}`
      return row
        ? { contentType: row.content_type, title: row.title, labelledBy: row.labelled_by, labelledAt: Number(row.labelled_at) }
        : null
    },
  })
}

function toIngestItem(torrent: FixtureTorrent): IngestItem {
  const files = torrent.files?.map((file, index) => {
    const extension = extensionOf(file.path)
    return { index, path: file.path, sizeBytes: file.sizeBytes, extension, fileType: fileTypeOf(extension) }
  })
  return {
    infoHash: torrent.infoHash,
    infoHashV2: null,
    name: torrent.name,
    sizeBytes: torrent.sizeBytes ?? files?.reduce((total, file) => total + file.sizeBytes, 0) ?? 1_000_000,
    isPrivate: false,
    files: files ?? null,
    source: torrent.source ?? 'import',
    publishedAt: torrent.publishedAt ?? null,
    seeders: torrent.seeders ?? null,
    leechers: null,
    isSwarmCheck: torrent.swarmChecked ?? false,
  }
}
