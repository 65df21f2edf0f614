import { AppError } from '../app-error'

/** A bad environment: its message is the single line start-up prints before it stops. */
export class ConfigError extends AppError {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super('config_invalid', message)
  }

  /** A value its type does not accept. */
  static invalidValue(variable: string, raw: string, accepts: string): ConfigError {
    return new ConfigError(variable, `${variable}=${JSON.stringify(raw)} is not valid: expected ${accepts}`)
  }
}
