import { AppError } from '../app-error'

/** A source could not be reached, refused, or broke off a page; its message names the source without its key. */
export class ExportPullError extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('export_pull_failed', message, options)
  }
}
