import { asc, eq, gt } from 'drizzle-orm'
import type { ContentType } from '../../vocabulary'
import { bytesToHex } from '../../metainfo'
import type { WantRegistration } from '../../vocabulary'
import type { WantMatch, WantsStore } from '../../wants'
import { writeTransaction } from '../sqlite-file'
import type { DatabaseHandle } from './open-database'
import { asPortMethods, neverCalled } from './port-call'
import * as schema from './schema'

const { registeredWants, wantMatches, torrents } = schema

/** The wants and want_matches tables. */
export function createSqliteWantsStore(db: DatabaseHandle): WantsStore {
  const { orm } = db
  // Raw and prepared: it runs after ingest commits that matched something.
  const insertMatch = db.sqlite.prepare<unknown, [string, number, string]>(
    'INSERT INTO want_matches (want_id, torrent_id, matched_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
  )
  const methods = {
    listWants(): WantRegistration[] {
      return orm
        .select()
        .from(registeredWants)
        .all()
        .map((row) => ({ ...row, contentType: row.contentType as ContentType }))
    },
    replaceWants: writeTransaction(db.sqlite, (next: readonly WantRegistration[]): void => {
      orm.delete(registeredWants).run()
      if (next.length)
        orm
          .insert(registeredWants)
          .values([...next])
          .run()
    }),
    addMatches: writeTransaction(db.sqlite, (matches: readonly { wantId: string; torrentId: number }[], matchedAt: string): void => {
      for (const match of matches) insertMatch.run(match.wantId, match.torrentId, matchedAt)
    }),
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
  return { ...asPortMethods(methods), onExternalChange: neverCalled }
}
