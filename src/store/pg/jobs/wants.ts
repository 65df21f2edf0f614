import type { SQL } from 'bun'
import type { ContentType, WantRegistration } from '../../../vocabulary'
import type { WantMatch, WantsStore } from '../../../wants'
import { int, pgCall } from '../pools'
import type { ChangeFeed } from './changes'

/** The wants and want_matches tables; a replaced set is told to the other processes. */
export function createPgWantsStore(sql: SQL, changes: ChangeFeed): WantsStore {
  return {
    listWants: pgCall(async (): Promise<WantRegistration[]> => {
      const rows: { id: string; query: string; content_type: string }[] = await sql`SELECT id, query, content_type FROM wants`
      return rows.map((row) => ({ id: row.id, query: row.query, contentType: row.content_type as ContentType }))
    }),
    replaceWants: pgCall(async (next: readonly WantRegistration[]) => {
      await sql.begin(async (tx) => {
        // Replacements take turns, as SQLite's one writer makes them: the second's DELETE then sees
        // the first's rows, where it would otherwise miss them and its INSERT hit their keys.
        // Readers are not blocked.
        await tx`LOCK TABLE wants IN SHARE ROW EXCLUSIVE MODE`
        await tx`DELETE FROM wants`
        if (next.length > 0)
          await tx`INSERT INTO wants (id, query, content_type)
            SELECT * FROM unnest(${next.map((want) => want.id)}::text[], ${next.map((want) => want.query)}::text[], ${next.map((want) => want.contentType)}::text[])`
        await changes.announce(tx, 'wants')
      })
    }),
    addMatches: pgCall(async (matches: readonly { wantId: string; torrentId: number }[], matchedAt: string) => {
      if (matches.length === 0) return
      // In the order given, as SQLite inserts them: match ids only grow, and readers page by them.
      await sql`INSERT INTO want_matches (want_id, torrent_id, matched_at)
        SELECT want_id, torrent_id, ${matchedAt}
        FROM unnest(${matches.map((match) => match.wantId)}::text[], ${matches.map((match) => match.torrentId)}::int8[]) WITH ORDINALITY AS m (want_id, torrent_id, n)
        ORDER BY n
        ON CONFLICT DO NOTHING`
    }),
    matchesAfter: pgCall(async (afterId: number, limit: number): Promise<WantMatch[]> => {
      const rows = await sql`SELECT m.id, m.want_id, t.info_hash, t.name, m.matched_at
        FROM want_matches m JOIN torrents t ON t.id = m.torrent_id
        WHERE m.id > ${afterId} ORDER BY m.id LIMIT ${limit}`
      return rows.map((row: { id: string; want_id: string; info_hash: Buffer; name: string; matched_at: string }) => ({
        id: int(row.id),
        wantId: row.want_id,
        infoHash: row.info_hash.toString('hex'),
        title: row.name,
        matchedAt: row.matched_at,
      }))
    }),
    onExternalChange: (listener) => changes.on('wants', listener),
  }
}
