import { AppError } from '../app-error'

/**
 * A storage engine refused or failed a call behind a port: the engine's own error is kept as the
 * cause, so a caller handles one error class whichever engine is configured (issue 31).
 */
export class StoreError extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('store_failed', message, options)
  }
}

/** A migration failed: start-up stops with its name, and the database stays at the previous version. */
export class MigrationError extends AppError {
  constructor(
    readonly migration: string,
    reason: string,
    options?: { cause?: unknown },
  ) {
    super('migration_failed', `migration ${migration} failed: ${reason}`, options)
  }
}

/** Another connection (the running service, an import) has the database open, so it cannot be replaced. */
export class DatabaseInUseError extends AppError {
  constructor(
    readonly path: string,
    options?: { cause?: unknown },
  ) {
    super('database_in_use', `${path} is open in another process (the service, or an import): stop it first`, options)
  }
}

/** An engine's failure as every port reports it: a StoreError keeping it as the cause. Our own errors pass as they are. */
export function toStoreError(err: unknown): Error {
  if (err instanceof AppError) return err
  return new StoreError(err instanceof Error ? err.message : String(err), { cause: err })
}
