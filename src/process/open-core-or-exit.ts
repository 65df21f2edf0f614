import { RuleFileError } from '../classify'
import type { Config } from '../config'
import { type Core, openCore } from '../core'
import { MigrationError } from '../store'
import type { Logger } from '../log'

/** The CLI's core: the service's start-up failures, reported the same way. */
export async function openCoreOrExit(config: Config, log: Logger): Promise<Core> {
  try {
    return await openCore(config, log)
  } catch (err) {
    exitOnStartupFailure(err, log)
  }
}

/**
 * Start-up stops (exit 1) with one error log naming the cause when the database cannot be
 * migrated, the rules do not compile or a port is taken; anything else is a bug and propagates.
 */
export function exitOnStartupFailure(err: unknown, log: Logger): never {
  if (err instanceof MigrationError) log.error('start-up stopped: database migration failed', { migration: err.migration, err })
  else if (err instanceof RuleFileError) log.error('start-up stopped: classification rules are invalid', { err })
  else if (isPortInUse(err))
    log.error('start-up stopped: the port is in use (another instance, or change CORE_PORT / DASHBOARD_PORT)', { err })
  else throw err
  process.exit(1)
}

/** Bun.serve's refusal of a port something else listens on. */
function isPortInUse(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'EADDRINUSE'
}
