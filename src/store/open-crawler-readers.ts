import type { DueSwarmsReader, KnownHashesReader } from '../dht'
import { openPgDueSwarmsReader, openPgKnownHashesReader } from './pg/torrents'
import type { ReaderSpec } from './reader-spec'
import { openSqliteDueSwarmsReader } from './sqlite/due-swarms'
import { openSqliteKnownHashesReader } from './sqlite/known-hashes'

/** The crawler thread's reader of which hashes the index holds, from CoreStore.knownHashesSpec (sent to the thread). */
export async function openKnownHashesReader(spec: ReaderSpec): Promise<KnownHashesReader> {
  return spec.engine === 'postgres' ? openPgKnownHashesReader(spec) : openSqliteKnownHashesReader(spec)
}

/** The crawler thread's reader of the torrents due for a swarm re-check, from CoreStore.dueSwarmsSpec. */
export async function openDueSwarmsReader(spec: ReaderSpec): Promise<DueSwarmsReader> {
  return spec.engine === 'postgres' ? openPgDueSwarmsReader(spec) : openSqliteDueSwarmsReader(spec)
}
