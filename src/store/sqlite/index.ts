export { openDatabase, type DatabaseHandle, type Orm } from './open-database'
export { openIndex } from './open-index'
export { openSqliteStore, type SqliteCoreStore } from './open-sqlite-store'
export * as schema from './schema'
