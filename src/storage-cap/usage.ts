import type { StorageMeasure } from './store-port'

/**
 * What the cap compares: the pages holding data (a deleted torrent's pages join the free list at
 * once and new torrents reuse them, whether or not the file has shrunk yet) plus the write-ahead
 * log and its shared-memory index, since the operator's disk sees those too. The log counts at
 * `walReserveBytes` (its ceiling under the cap) or its size when larger: it swings between empty
 * and its ceiling with every checkpoint, and the cap keeps room for it rather than chase it.
 */
export function usedBytesOf(measure: StorageMeasure, walReserveBytes: number): number {
  return measure.dataBytes + Math.max(measure.journalBytes, walReserveBytes)
}

/** The database file once checkpointed, with its log: a release shows here before the file shrinks. */
export function diskBytesOf(measure: StorageMeasure, walReserveBytes: number): number {
  return measure.allocatedBytes + Math.max(measure.journalBytes, walReserveBytes)
}
