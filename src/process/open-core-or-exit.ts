import { RuleFileError } from '../classify'
import type { Config } from '../config'
import { openCore, type Core } from '../core'
import { MigrationError } from '../db'
import type { Logger } from '../log'

/**
 * Start-up stops (exit 1) with one error log naming the cause when the database cannot be
 * migrated or the rules do not compile; anything else is a bug and propagates.
 */
export function openCoreOrExit(config: Config, log: Logger): Core {
  try {
    return openCore(config, log)
  } catch (err) {
    if (err instanceof MigrationError) log.error('start-up stopped: database migration failed', { migration: err.migration, err })
    else if (err instanceof RuleFileError) log.error('start-up stopped: classification rules are invalid', { err })
    else throw err
    process.exit(1)
  }
}
