/**
 * One structured logger for the whole process: JSON lines on stderr, so stdout stays free for
 * command output (import summaries, `cli parse`). Hand-written rather than pino because all we need
 * is levels, child fields and one sink; pino's worker-thread transports would be a second moving part.
 */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

export type LogFields = Record<string, unknown>

export interface Logger {
  debug(msg: string, fields?: LogFields): void
  info(msg: string, fields?: LogFields): void
  warn(msg: string, fields?: LogFields): void
  error(msg: string, fields?: LogFields): void
  child(fields: LogFields): Logger
}

export type LogSink = (line: string) => void

const writeToStderr: LogSink = (line) => {
  process.stderr.write(`${line}\n`)
}

export function createLogger(options: { level: LogLevel; sink?: LogSink; fields?: LogFields }): Logger {
  const threshold = LOG_LEVELS.indexOf(options.level)
  const sink = options.sink ?? writeToStderr
  const base = options.fields ?? {}

  const emit = (level: LogLevel, msg: string, fields?: LogFields) => {
    if (LOG_LEVELS.indexOf(level) < threshold) return
    const record = { time: new Date().toISOString(), level, msg, ...base, ...serialiseFields(fields) }
    sink(JSON.stringify(record))
  }

  return {
    debug: (msg, fields) => emit('debug', msg, fields),
    info: (msg, fields) => emit('info', msg, fields),
    warn: (msg, fields) => emit('warn', msg, fields),
    error: (msg, fields) => emit('error', msg, fields),
    child: (fields) => createLogger({ level: options.level, sink, fields: { ...base, ...fields } }),
  }
}

/** Errors do not survive JSON.stringify (their fields are not enumerable), so flatten them. */
function serialiseFields(fields: LogFields | undefined): LogFields | undefined {
  if (!fields) return undefined
  const out: LogFields = {}
  for (const [key, value] of Object.entries(fields)) {
    out[key] = value instanceof Error ? { name: value.name, message: value.message } : value
  }
  return out
}
