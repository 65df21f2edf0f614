import { AppError } from '../app-error'

/** A bad environment value: its message is the single line start-up prints before it stops. */
export class ConfigError extends AppError {
  constructor(
    readonly variable: string,
    raw: string,
    accepts: string,
  ) {
    super('config_invalid', `${variable}=${JSON.stringify(raw)} is not valid: expected ${accepts}`)
  }
}
