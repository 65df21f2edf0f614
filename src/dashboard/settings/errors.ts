import { AppError } from '../../app-error'

export class UnknownSettingError extends AppError {
  constructor(key: string) {
    // The key is echoed as JSON so a hostile path cannot break the message's form.
    super('not_found', `no setting ${JSON.stringify(key.slice(0, 100))} can be overridden`)
  }
}

/** The value breaks the key's rule (DESIGN.md 3.22); the message names the key and what it accepts, never the value. */
export class InvalidSettingValueError extends AppError {
  constructor(key: string, accepts: string) {
    super('bad_request', `${key} must be ${accepts}`)
  }
}
