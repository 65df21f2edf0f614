import { AppError } from '../../app-error'

/** The artwork API could not answer (down, timed out, refused the key, not JSON): a 502, nothing cached. */
export class ArtworkUnavailableError extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('artwork_unavailable', message, options)
  }
}

/** No poster for the id: no key set, no such title, or a title without a poster. */
export class PosterNotFoundError extends AppError {
  constructor(message: string) {
    super('not_found', message)
  }
}
