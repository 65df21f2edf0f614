import { AppError } from '../app-error'

/** The request itself is wrong in a way the sender can fix; the message tells them how. */
export class BadRequestError extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('bad_request', message, options)
  }
}
