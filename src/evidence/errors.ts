import { AppError } from '../app-error'

/** A webhook body that is not a report we can read; the message says what is wrong, for the sender (400). */
export class IntakeError extends AppError {
  constructor(message: string) {
    super('bad_request', message)
  }
}
