import type { SQL } from 'bun'
import { int } from '../pools'

/** Ids per torrent_search partition: torrent_search_p<k> holds ids k*PARTITION_IDS+1 .. (k+1)*PARTITION_IDS. */
export const PARTITION_IDS = 1_000_000

/**
 * How far ahead of the ids handed out the partitions must reach before a batch is written: a
 * batch takes at most one id per item (a conflict on the hash uses one up too), and other
 * processes' crawlers take theirs between this writer's batches.
 */
const HEADROOM_IDS = 100_000

/** Serialises the processes creating partitions (any constant they agree on). */
const PARTITION_LOCK = 7_361_036

/**
 * Keeps a torrent_search partition ready for the ids the next batches will take: a row whose id
 * has no partition would fail its whole batch. Checked against the id sequence only when the ids
 * this writer saw come within the headroom of the last partition it knows of, so most batches
 * cost nothing here.
 */
export function createSearchPartitions(primary: SQL) {
  /** The highest id the partitions cover, as last checked; 0 before the first check. */
  let coveredThrough = 0
  /** The highest id this writer has seen handed out. */
  let highestSeen = 0

  const ensureThrough = async (target: number): Promise<void> => {
    const last = Math.floor((target - 1) / PARTITION_IDS)
    await primary.begin(async (tx) => {
      await tx`SELECT pg_advisory_xact_lock(${PARTITION_LOCK})`
      const existing = new Set(
        (
          await tx`SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
            WHERE i.inhparent = 'torrent_search'::regclass`
        ).map((row: { relname: string }) => row.relname),
      )
      for (let k = 1; k <= last; k++) {
        const name = `torrent_search_p${k}`
        if (existing.has(name)) continue
        await tx.unsafe(
          `CREATE TABLE ${name} PARTITION OF torrent_search FOR VALUES FROM (${k * PARTITION_IDS + 1}) TO (${(k + 1) * PARTITION_IDS + 1})`,
        )
      }
    })
    coveredThrough = (last + 1) * PARTITION_IDS
  }

  return {
    /** Before a batch of `newRows` at most: creates the partitions the ids may reach. */
    async ensureRoom(newRows: number): Promise<void> {
      if (highestSeen + newRows + HEADROOM_IDS <= coveredThrough) return
      const [row] = await primary`SELECT coalesce(pg_sequence_last_value(pg_get_serial_sequence('torrents', 'id')::regclass), 0) AS last`
      highestSeen = Math.max(highestSeen, int(row.last))
      await ensureThrough(highestSeen + newRows + HEADROOM_IDS)
    },
    /** Ids a committed batch took. */
    saw(id: number): void {
      if (id > highestSeen) highestSeen = id
    },
    /** After a batch failed for want of a partition (other writers took ids faster than the headroom): check again now. */
    async recheck(newRows: number): Promise<void> {
      coveredThrough = 0
      await this.ensureRoom(newRows)
    },
  }
}

export type SearchPartitions = ReturnType<typeof createSearchPartitions>

/** Whether a statement failed because a row's id has no torrent_search partition (check_violation, 23514). */
export function isMissingPartition(err: unknown): boolean {
  return err instanceof Error && /no partition of relation/.test(err.message)
}
