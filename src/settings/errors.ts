import { AppError } from '../app-error'

/** An override that cannot be applied; `field` names it as sent (`settings[1].value`). */
export class InvalidSettingError extends AppError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super('invalid_setting', `${field}: ${message}`)
  }
}
