import { AppError } from '../app-error'

/** A want that cannot be registered; `field` names it as sent (`wants[0].query`). */
export class InvalidWantError extends AppError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super('invalid_want', `${field}: ${message}`)
  }
}
