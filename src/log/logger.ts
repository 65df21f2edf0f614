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

/**
 * A level a logger and all its children share: setting it (a run-time log_level override) changes
 * what every component of the process writes from the next line on.
 */
export interface LogThreshold {
  level: LogLevel
}

const writeToStderr: LogSink = (line) => {
  process.stderr.write(`${line}\n`)
}

/** A fixed level, or a shared threshold that may change while the process runs. */
export function createLogger(options: { level: LogLevel | LogThreshold; sink?: LogSink; fields?: LogFields }): Logger {
  const threshold = typeof options.level === 'string' ? { level: options.level } : options.level
  const sink = options.sink ?? writeToStderr
  const base = options.fields ?? {}

  const emit = (level: LogLevel, msg: string, fields?: LogFields) => {
    if (LOG_LEVELS.indexOf(level) < LOG_LEVELS.indexOf(threshold.level)) return
    const record = { time: new Date().toISOString(), level, msg, ...base, ...serialiseFields(fields) }
    sink(JSON.stringify(record))
  }

  return {
    debug: (msg, fields) => emit('debug', msg, fields),
    info: (msg, fields) => emit('info', msg, fields),
    warn: (msg, fields) => emit('warn', msg, fields),
    error: (msg, fields) => emit('error', msg, fields),
    child: (fields) => createLogger({ level: threshold, sink, fields: { ...base, ...fields } }),
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
