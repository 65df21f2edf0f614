/**
 * The base of every error this service throws on purpose. `code` is stable and machine-readable:
 * each HTTP surface maps it to its own format (JSON, Torznab XML, GraphQL) in one place.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = new.target.name
  }
}
