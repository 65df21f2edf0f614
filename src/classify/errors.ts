import { AppError } from '../app-error'

/** The rules file cannot be used: bad YAML, a bad rule, or a CEL expression that does not compile. */
export class RuleFileError extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('rules_invalid', message, options)
  }
}

/** The rerank model could not be asked or gave no usable reply; the rules' answer stands. */
export class RerankError extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('rerank_failed', message, options)
  }
}
