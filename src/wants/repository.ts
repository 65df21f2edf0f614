import { asc, eq, gt } from 'drizzle-orm'
import type { ContentType } from '../classify'
import { type DatabaseHandle, schema, writeTransaction } from '../db'
import { bytesToHex } from '../metainfo'
import type { Want, WantMatch } from './model'

const { wants, wantMatches, torrents } = schema

/** The wants and want_matches tables. */
export function createWantRepository(db: DatabaseHandle) {
  const { orm } = db
  // Raw and prepared: it runs after ingest commits that matched something.
  const insertMatch = db.sqlite.prepare<unknown, [string, number, string]>(
    'INSERT INTO want_matches (want_id, torrent_id, matched_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
  )
  return {
    listWants(): Want[] {
      return orm
        .select()
        .from(wants)
        .all()
        .map((row) => ({ ...row, contentType: row.contentType as ContentType }))
    },
    /** The registered set becomes exactly `next`; matches already recorded stay. */
    replaceWants: writeTransaction(db.sqlite, (next: Want[]): void => {
      orm.delete(wants).run()
      if (next.length) orm.insert(wants).values(next).run()
    }),
    /** A want and torrent already matched are not matched again. */
    addMatches: writeTransaction(db.sqlite, (matches: { wantId: string; torrentId: number }[], matchedAt: string): void => {
      for (const match of matches) insertMatch.run(match.wantId, match.torrentId, matchedAt)
    }),
    /** Matches with an id above `afterId`, oldest first. */
    matchesAfter(afterId: number, limit: number): WantMatch[] {
      return orm
        .select({
          id: wantMatches.id,
          wantId: wantMatches.wantId,
          infoHash: torrents.infoHash,
          title: torrents.name,
          matchedAt: wantMatches.matchedAt,
        })
        .from(wantMatches)
        .innerJoin(torrents, eq(torrents.id, wantMatches.torrentId))
        .where(gt(wantMatches.id, afterId))
        .orderBy(asc(wantMatches.id))
        .limit(limit)
        .all()
        .map((row) => ({ ...row, infoHash: bytesToHex(row.infoHash) }))
    },
  }
}

export type WantRepository = ReturnType<typeof createWantRepository>
