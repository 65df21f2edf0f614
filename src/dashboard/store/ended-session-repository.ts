import { eq, lt } from 'drizzle-orm'
import type { StoreOrm } from './open-store'
import { endedSessions } from './schema'

/** Owner of ended_sessions: the tokens signed out before they expire, by hash. */
export function createEndedSessionRepository(orm: StoreOrm) {
  return {
    /** Remembers `tokenHash` until `expiresAt` (ISO), and forgets every row whose token has expired by `now`. */
    add(tokenHash: string, expiresAt: string, now: string): void {
      orm.delete(endedSessions).where(lt(endedSessions.expiresAt, now)).run()
      orm.insert(endedSessions).values({ tokenHash, expiresAt }).onConflictDoNothing().run()
    },
    has(tokenHash: string): boolean {
      return (
        orm.select({ tokenHash: endedSessions.tokenHash }).from(endedSessions).where(eq(endedSessions.tokenHash, tokenHash)).get() !==
        undefined
      )
    },
  }
}

export type EndedSessionRepository = ReturnType<typeof createEndedSessionRepository>
