export {
  createLogger,
  LOG_LEVELS,
  type Logger,
  type LogLevel,
  type LogFields,
  type LogSink,
  type LogThreshold,
} from './logger'
