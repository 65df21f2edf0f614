import { AppError } from '../app-error'

/** A search ran past SERVICE_SEARCH_TIMEOUT; Torznab answers 203, GraphQL a field error. */
export class SearchTimeoutError extends AppError {
  constructor(readonly timeoutMs: number) {
    super('search_timeout', `the search took longer than ${timeoutMs} ms`)
  }
}
