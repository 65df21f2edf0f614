import { createHash, randomBytes } from 'node:crypto'
import type { EndedSessionRepository, StateRepository } from '../store'
import type { SessionClaims, SessionMark } from './session-token'

/**
 * Where sessions stand since the last dashboard key rotation: sessions made here carry the
 * generation they were made in; a portal's tokens carry no generation, so their issue time is
 * compared with the rotation's.
 */
interface SessionEpoch {
  generation: number
  /** When the dashboard key was last rotated (ms); 0 when it never was. */
  sinceMs: number
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * Ending sessions before their tokens expire (issue 29.5): a signed token cannot be taken back,
 * so the dashboard remembers the ones signed out (by hash, until they expire) and the generation
 * a key rotation started, and refuses the rest.
 */
export function createSessionLifecycle(deps: { state: StateRepository; ended: EndedSessionRepository; nowMs: () => number }) {
  const stored = deps.state.get('session_epoch')
  let epoch: SessionEpoch = stored ? (JSON.parse(stored) as SessionEpoch) : { generation: 0, sinceMs: 0 }

  return {
    /** The mark of a session starting now. */
    begin: (): SessionMark => ({ id: randomBytes(8).toString('hex'), generation: epoch.generation }),

    /** Why a token that verified no longer counts, or null while its session lasts. */
    whyEnded(token: string, claims: SessionClaims): string | null {
      if (deps.ended.has(hashOf(token))) return 'session signed out'
      const isBeforeRotation = claims.mark
        ? claims.mark.generation !== epoch.generation
        : epoch.sinceMs > 0 && (claims.issuedAtSeconds ?? 0) * 1000 < epoch.sinceMs
      return isBeforeRotation ? 'session ended by a dashboard key rotation' : null
    },

    /** Ends one session (sign-out): its token is refused from the next request on. */
    end(token: string, claims: SessionClaims): void {
      deps.ended.add(hashOf(token), new Date(claims.expiresAtSeconds * 1000).toISOString(), new Date(deps.nowMs()).toISOString())
    },

    /** Ends every session made so far (the dashboard key was rotated). */
    endAll(): void {
      epoch = { generation: epoch.generation + 1, sinceMs: deps.nowMs() }
      deps.state.set('session_epoch', JSON.stringify(epoch))
    },
  }
}

export type SessionLifecycle = ReturnType<typeof createSessionLifecycle>
