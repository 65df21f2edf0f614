import type { StoreKind } from './backup-names'

/** What a file holds, as the store engine reads it. */
export type FileInspection =
  /** The engine could not open it at all. */
  | { status: 'unopenable'; reason: string }
  /** Opened, but it is not a database the engine can read. */
  | { status: 'unreadable'; reason: string }
  /** A database: which of our stores it is (null for neither), its schema version and what the integrity check found. */
  | { status: 'read'; kind: StoreKind | null; schemaVersion: number; problems: string[] }

/**
 * Backups and restores: by file, offline, never through an open store (which would migrate it).
 * The core's index and the dashboard's store are both files here; an engine whose index is not a
 * file says so in coreBackupSource.
 */
export interface StoreFiles {
  /** Where the core's backup copy comes from, or why there is none (a server database has its own tools). */
  coreBackupSource(): { kind: 'file'; path: string } | { kind: 'refused'; reason: string }
  /**
   * A consistent, compact copy at `targetPath` (which must not exist) of the database file at
   * `sourcePath`, taken while other processes keep writing it: one snapshot, no log, no free pages.
   */
  snapshot(sourcePath: string, targetPath: string): Promise<void>
  inspect(file: string): Promise<FileInspection>
  /**
   * Puts the complete database at `stagedPath` in place of `targetPath` while holding the target
   * so no process has it open; 'in_use' (nothing replaced) when one does.
   */
  replaceExclusively(targetPath: string, stagedPath: string): Promise<'replaced' | 'in_use'>
  /** The newest schema version this build migrates each store to: a newer backup would not open. */
  newestSchemaVersions(): Record<StoreKind, number>
}
