import type { SQL } from 'bun'
import { bytesToHex, hexToBytes } from '../../../metainfo'
import { type BlockedTorrent, OPERATOR_DELETE, type OperatorEditsStore } from '../../../torrents'
import { int, pgCall } from '../pools'

/**
 * The GraphQL mutations' writes and the block list. A delete goes through the torrents row: the
 * cascade and the delete trigger remove files, tags, classification and index rows in the same
 * transaction.
 */
export function createPgOperatorEditsStore(primary: SQL): OperatorEditsStore {
  const deleteAndBlock = (infoHashes: readonly string[], nowSeconds: number) =>
    primary.begin(async (tx) => {
      const hashes = [...new Set(infoHashes)].map(hexToBytes)
      if (hashes.length === 0) return 0
      const deleted = await tx`DELETE FROM torrents WHERE info_hash = ANY(${hashes}::bytea[]) RETURNING info_hash, name`
      const names = new Map<string, string>(
        deleted.map((row: { info_hash: Uint8Array; name: string }) => [bytesToHex(row.info_hash), row.name]),
      )
      await tx`INSERT INTO blocked_torrents (info_hash, rule_id, blocked_at, name)
        SELECT h, ${OPERATOR_DELETE}, ${nowSeconds}, n FROM unnest(${hashes}::bytea[], ${hashes.map((hash) => names.get(bytesToHex(hash)) ?? null)}::text[]) AS r (h, n)
        ON CONFLICT DO NOTHING`
      return deleted.length
    })

  const putTags = (infoHashes: readonly string[], tags: readonly string[], replace: boolean) =>
    primary.begin(async (tx) => {
      const ids = (await tx`SELECT id FROM torrents WHERE info_hash = ANY(${infoHashes.map(hexToBytes)}::bytea[]) ORDER BY id`).map(
        (row: { id: unknown }) => int(row.id),
      )
      if (ids.length === 0) return
      if (replace) await tx`DELETE FROM torrent_tags WHERE NOT by_rule AND torrent_id = ANY(${ids}::int8[])`
      const unique = [...new Set(tags)]
      if (unique.length === 0) return
      // A tag a rule had set becomes the operator's, so the next classification keeps it.
      await tx`INSERT INTO torrent_tags (torrent_id, tag, by_rule)
        SELECT id, tag, false FROM unnest(${ids}::int8[]) AS id CROSS JOIN unnest(${unique}::text[]) AS tag
        ON CONFLICT (torrent_id, tag) DO UPDATE SET by_rule = false`
    })

  const deleteTags = async (infoHashes: readonly string[] | null, tags: readonly string[] | null) => {
    const hashes = infoHashes ? infoHashes.map(hexToBytes) : null
    await primary`DELETE FROM torrent_tags WHERE
      (${hashes === null} OR torrent_id IN (SELECT id FROM torrents WHERE info_hash = ANY(${hashes ?? []}::bytea[])))
      AND (${tags === null} OR tag = ANY(${tags ? [...tags] : []}::text[]))`
  }

  const listBlocked = async (limit: number, offset: number) => {
    const [[total], rows] = await Promise.all([
      primary`SELECT count(*) AS n FROM blocked_torrents`,
      primary`SELECT info_hash, rule_id, blocked_at, name FROM blocked_torrents ORDER BY blocked_at DESC, info_hash
        LIMIT ${limit} OFFSET ${offset}`,
    ])
    const items = rows.map((row: { info_hash: Uint8Array; rule_id: string; blocked_at: unknown; name: string | null }): BlockedTorrent => {
      const byOperator = row.rule_id === OPERATOR_DELETE
      return {
        infoHash: bytesToHex(row.info_hash),
        name: row.name,
        reason: byOperator ? 'operator_delete' : 'banned_rule',
        ruleId: byOperator ? null : row.rule_id,
        blockedAt: int(row.blocked_at),
      }
    })
    return { total: int(total.n), items }
  }

  const unblock = async (infoHashes: readonly string[]) => {
    if (infoHashes.length === 0) return 0
    const rows = await primary`DELETE FROM blocked_torrents WHERE rule_id = ${OPERATOR_DELETE}
      AND info_hash = ANY(${infoHashes.map(hexToBytes)}::bytea[]) RETURNING info_hash`
    return rows.length
  }

  return {
    deleteAndBlock: pgCall(deleteAndBlock),
    putTags: pgCall(putTags),
    deleteTags: pgCall(deleteTags),
    listBlocked: pgCall(listBlocked),
    unblock: pgCall(unblock),
  }
}
