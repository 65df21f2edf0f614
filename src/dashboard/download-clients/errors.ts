import { AppError } from '../../app-error'

export class DownloadClientNotFoundError extends AppError {
  constructor(id: string) {
    super('not_found', `no download client with id ${id}`)
  }
}

/**
 * A client could not be reached, refused the credentials or refused the torrent: a 502 naming it
 * (issue 33). The message never holds its password.
 */
export class DownloadClientFailedError extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('download_client_failed', message, options)
  }
}

/** What a client's API answered that is not a success, in words that follow the client's name ("refused the user name or password"). */
export class ClientAnswerError extends AppError {
  constructor(message: string) {
    super('download_client_answer', message)
  }
}
