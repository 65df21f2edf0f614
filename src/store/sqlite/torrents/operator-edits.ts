import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { bytesToHex, hexToBytes } from '../../../metainfo'
import { type BlockedTorrent, blockedTorrentOf, OPERATOR_DELETE, type OperatorEditsStore } from '../../../torrents'
import { writeTransaction } from '../../sqlite-file'
import type { DatabaseHandle } from '../open-database'
import { asPortMethods } from '../port-call'
import * as schema from '../schema'

const { torrents, torrentTags, blockedTorrents } = schema

/**
 * The GraphQL mutations' writes and the block list. A delete goes through the torrents row: the
 * cascade and triggers remove files, tags, classification and index entries in the same transaction.
 */
export function createSqliteOperatorEditsStore(db: DatabaseHandle): OperatorEditsStore {
  const { orm } = db
  const idsOf = (infoHashes: readonly string[]): number[] =>
    orm
      .select({ id: torrents.id })
      .from(torrents)
      .where(inArray(torrents.infoHash, infoHashes.map(toBuffer)))
      .all()
      .map((row) => row.id)

  return asPortMethods({
    deleteAndBlock: writeTransaction(db.sqlite, (infoHashes: readonly string[], nowSeconds: number): number => {
      const hashes = infoHashes.map(toBuffer)
      const deleted = orm
        .delete(torrents)
        .where(inArray(torrents.infoHash, hashes))
        .returning({ infoHash: torrents.infoHash, name: torrents.name })
        .all()
      const names = new Map(deleted.map((row) => [Buffer.from(row.infoHash).toString('hex'), row.name]))
      if (hashes.length > 0)
        orm
          .insert(blockedTorrents)
          .values(
            hashes.map((infoHash) => ({
              infoHash,
              ruleId: OPERATOR_DELETE,
              blockedAt: nowSeconds,
              name: names.get(infoHash.toString('hex')) ?? null,
            })),
          )
          .onConflictDoNothing()
          .run()
      return deleted.length
    }),

    putTags: writeTransaction(db.sqlite, (infoHashes: readonly string[], tags: readonly string[], replace: boolean): void => {
      const ids = idsOf(infoHashes)
      if (replace && ids.length)
        orm
          .delete(torrentTags)
          .where(and(eq(torrentTags.byRule, false), inArray(torrentTags.torrentId, ids)))
          .run()
      const rows = ids.flatMap((torrentId) => tags.map((tag) => ({ torrentId, tag, byRule: false })))
      // A tag a rule had set becomes the operator's, so the next classification keeps it.
      if (rows.length)
        orm
          .insert(torrentTags)
          .values(rows)
          .onConflictDoUpdate({ target: [torrentTags.torrentId, torrentTags.tag], set: { byRule: false } })
          .run()
    }),

    deleteTags: writeTransaction(db.sqlite, (infoHashes: readonly string[] | null, tags: readonly string[] | null): void => {
      const clauses: SQL[] = [sql`1`]
      if (infoHashes) clauses.push(inArray(torrentTags.torrentId, idsOf(infoHashes)))
      if (tags) clauses.push(inArray(torrentTags.tag, [...tags]))
      orm
        .delete(torrentTags)
        .where(and(...clauses))
        .run()
    }),

    listBlocked(limit: number, offset: number): { total: number; items: BlockedTorrent[] } {
      const total = orm.select({ n: count() }).from(blockedTorrents).get()!.n
      const items = orm
        .select()
        .from(blockedTorrents)
        .orderBy(desc(blockedTorrents.blockedAt), blockedTorrents.infoHash)
        .limit(limit)
        .offset(offset)
        .all()
        .map((row) => blockedTorrentOf({ ...row, infoHash: bytesToHex(row.infoHash) }))
      return { total, items }
    },

    unblock(infoHashes: readonly string[]): number {
      if (infoHashes.length === 0) return 0
      return orm
        .delete(blockedTorrents)
        .where(and(eq(blockedTorrents.ruleId, OPERATOR_DELETE), inArray(blockedTorrents.infoHash, infoHashes.map(toBuffer))))
        .returning({ infoHash: blockedTorrents.infoHash })
        .all().length
    },
  })
}

function toBuffer(infoHash: string): Buffer {
  return Buffer.from(hexToBytes(infoHash))
}
