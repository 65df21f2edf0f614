import { and, eq, lt } from 'drizzle-orm'
import type { StoreOrm } from './open-store'
import { posterCache } from './schema'

type MediaType = (typeof posterCache.$inferSelect)['mediaType']

export interface CachedPoster {
  /** null: the artwork API had no such title, or no poster for it. */
  posterUrl: string | null
  fetchedAt: string
}

/** Owner of poster_cache: one row per (media type, id), found or not found. */
export function createPosterCacheRepository(orm: StoreOrm) {
  return {
    get(mediaType: MediaType, externalId: string): CachedPoster | undefined {
      return orm
        .select({ posterUrl: posterCache.posterUrl, fetchedAt: posterCache.fetchedAt })
        .from(posterCache)
        .where(and(eq(posterCache.mediaType, mediaType), eq(posterCache.externalId, externalId)))
        .get()
    },
    put(mediaType: MediaType, externalId: string, entry: CachedPoster): void {
      orm
        .insert(posterCache)
        .values({ mediaType, externalId, ...entry })
        .onConflictDoUpdate({ target: [posterCache.mediaType, posterCache.externalId], set: entry })
        .run()
    },
    /** Drops the entries fetched before `fetchedBefore` (RFC 3339 strings compare in time order). */
    deleteFetchedBefore(fetchedBefore: string): void {
      orm.delete(posterCache).where(lt(posterCache.fetchedAt, fetchedBefore)).run()
    },
  }
}

export type PosterCacheRepository = ReturnType<typeof createPosterCacheRepository>
