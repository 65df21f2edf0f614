import type { StoreConfig } from '../../config'
import type { Logger } from '../../log'
import type { CoreStore } from '../core-store'
import { currentVersion } from '../sqlite-file'
import { openIndex } from './open-index'

/**
 * The SQLite adapter over the index file, migrated. Built synchronously, as every SQLite call
 * runs: openStore hands it out as a Promise, and the tests' index helper takes it as it is.
 */
export function openSqliteStore(config: StoreConfig['sqlite'], options: { log: Logger }): CoreStore {
  const legacy = openIndex(config.path, options.log)
  return {
    engine: 'sqlite',
    schemaVersion: async () => currentVersion(legacy.sqlite),
    searchReaderSpec: ({ cacheSizeMb }) => ({ engine: 'sqlite', path: config.path, cacheSizeMb }),
    legacy,
    close: async () => legacy.close(),
  }
}
