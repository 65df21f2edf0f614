import { AppError } from '../app-error'

/** A search ran past SERVICE_SEARCH_TIMEOUT; Torznab answers 203, GraphQL a field error. */
export class SearchTimeoutError extends AppError {
  constructor(readonly timeoutMs: number) {
    super('search_timeout', `the search took longer than ${timeoutMs} ms`)
  }
}

/** A search thread crashed, hung past its timeout or was stopped with the search in hand: Torznab answers 203. */
export class SearchThreadLostError extends AppError {
  constructor(readonly reason: string) {
    super('search_failed', `the search failed: ${reason}`)
  }
}
