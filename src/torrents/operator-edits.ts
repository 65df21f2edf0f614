import { and, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { type DatabaseHandle, schema, writeTransaction } from '../db'
import { hexToBytes } from '../metainfo'

const { torrents, torrentTags, blockedTorrents } = schema

/** The rule id a block made by an operator's delete carries. */
export const OPERATOR_DELETE = 'operator-delete'

/**
 * What an operator changes by hand (GraphQL mutations): deletes that block, and operator tags.
 * A delete goes through the torrents row: the cascade and triggers remove files, tags,
 * classification and index entries in the same transaction.
 */
export function createOperatorEdits(db: DatabaseHandle) {
  const { orm } = db
  const idsOf = (infoHashes: string[]): number[] =>
    orm
      .select({ id: torrents.id })
      .from(torrents)
      .where(inArray(torrents.infoHash, infoHashes.map(toBuffer)))
      .all()
      .map((row) => row.id)

  return {
    /**
     * Deletes the torrents and blocks their hashes, with the names of those the index held, so
     * neither an import nor the crawler brings them back until an operator lifts the block.
     */
    delete: writeTransaction(db.sqlite, (infoHashes: string[], nowSeconds: number): number => {
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

    /** Adds operator tags (`replace` drops the torrents' other operator tags first). */
    putTags: writeTransaction(db.sqlite, (infoHashes: string[], tags: string[], replace: boolean) => {
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

    /** Removes tags: of these torrents (all when null), these tags (every tag, the rules' too, when null; a rule's comes back at the next classification). */
    deleteTags: writeTransaction(db.sqlite, (infoHashes: string[] | null, tags: string[] | null) => {
      const clauses: SQL[] = [sql`1`]
      if (infoHashes) clauses.push(inArray(torrentTags.torrentId, idsOf(infoHashes)))
      if (tags) clauses.push(inArray(torrentTags.tag, tags))
      orm
        .delete(torrentTags)
        .where(and(...clauses))
        .run()
    }),
  }
}

export type OperatorEdits = ReturnType<typeof createOperatorEdits>

function toBuffer(infoHash: string): Buffer {
  return Buffer.from(hexToBytes(infoHash))
}
