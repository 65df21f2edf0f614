import type { SQL } from 'bun'
import type { PgStoreConfig } from '../../../config'
import type { DueSwarmsReader, KnownHashesReader } from '../../../dht'
import type { CoreStore } from '../../core-store'
import type { PgReaderSpec } from '../../reader-spec'

/** The torrents' ports: writes, operator edits, counts, maintenance, the crawler's readers' specs, export. */
export type PgTorrentPorts = Pick<
  CoreStore,
  'torrentWrites' | 'operatorEdits' | 'counts' | 'maintenance' | 'knownHashesSpec' | 'dueSwarmsSpec' | 'exports'
>

export function openPgTorrentPorts(_primary: SQL, _config: PgStoreConfig): PgTorrentPorts {
  throw new Error('PostgreSQL torrent ports: not built yet (issue 36, in progress on this branch)')
}

export async function openPgKnownHashesReader(_spec: PgReaderSpec): Promise<KnownHashesReader> {
  throw new Error('not built yet')
}

export async function openPgDueSwarmsReader(_spec: PgReaderSpec): Promise<DueSwarmsReader> {
  throw new Error('not built yet')
}
