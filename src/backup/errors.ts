import { AppError } from '../app-error'

/** A backup could not be written (the folder, the disk). */
export class BackupError extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('backup_failed', message, options)
  }
}

/** A restore was refused before anything was replaced: the reason says what to fix. */
export class RestoreRefusedError extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('restore_refused', message, options)
  }
}
