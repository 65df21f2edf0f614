import type { SQL } from 'bun'
import type { PgStoreConfig } from '../../../config'
import type { CoreStore } from '../../core-store'
import type { PgReaderSpec } from '../../reader-spec'
import type { SearchReader } from '../../search-reader'

/** Search's ports: the spec the search threads open their readers from (on the standbys), and the details loader. */
export type PgSearchPorts = Pick<CoreStore, 'searchReaderSpec' | 'torrentDetails'>

export function openPgSearchPorts(_primary: SQL, _config: PgStoreConfig): PgSearchPorts {
  throw new Error('PostgreSQL search ports: not built yet (issue 36, in progress on this branch)')
}

export async function openPgSearchReader(_spec: PgReaderSpec): Promise<SearchReader> {
  throw new Error('not built yet')
}
