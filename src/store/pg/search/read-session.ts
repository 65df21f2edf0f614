import type { SQL } from 'bun'

/**
 * How a plan's statement may reach the rows. The search plans choose their own access path
 * (match-plan.ts), since PostgreSQL's planner, estimating words independent, takes the recency
 * index and filters the whole table for two common words that never meet.
 * - `planner`: the planner's choice.
 * - `bitmap`: the GIN index's bitmap only: reads at most the matches, whatever their age.
 * - `probe`: no bitmap: a range of the id index read newest first, each document checked.
 */
export type PlanMode = 'planner' | 'bitmap' | 'probe'

const SETTINGS: Record<PlanMode, string> = {
  planner: `set_config('enable_indexscan', 'on', true), set_config('enable_seqscan', 'on', true), set_config('enable_bitmapscan', 'on', true)`,
  bitmap: `set_config('enable_indexscan', 'off', true), set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'on', true)`,
  probe: `set_config('enable_indexscan', 'on', true), set_config('enable_seqscan', 'on', true), set_config('enable_bitmapscan', 'off', true)`,
}

/** One search's reads: a read-only transaction on one connection, one snapshot of the index. */
export interface ReadSession {
  /** Runs a statement under a plan mode's settings (set for the rest of the transaction when it changes). */
  query<Row>(mode: PlanMode, text: string, params?: unknown[]): Promise<Row[]>
}

/** A session over a transaction that is open (BEGIN ... READ ONLY, REPEATABLE READ). */
export function createReadSession(tx: SQL): ReadSession {
  let current: PlanMode = 'planner'
  return {
    async query<Row>(mode: PlanMode, text: string, params: unknown[] = []) {
      // Started at once, in call order: a statement runs under the settings of its own call even
      // when calls of other modes are in flight on the connection.
      const setting = mode === current ? null : tx.unsafe(`SELECT ${SETTINGS[mode]}`).execute()
      current = mode
      const rows = tx.unsafe(text, params).execute()
      await setting
      return (await rows) as Row[]
    },
  }
}

/** The transaction every search runs in: its reads see one snapshot; a standby allows no more than REPEATABLE READ. */
export const SNAPSHOT_OPTIONS = 'ISOLATION LEVEL REPEATABLE READ READ ONLY'
