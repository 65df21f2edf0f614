import { AppError } from '../app-error'

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
