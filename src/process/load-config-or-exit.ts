import { ConfigError, loadConfig, type Config } from '../config'

/** A bad environment value stops start-up with one line naming the variable (exit code 2). */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig(Bun.env)
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err
    process.stderr.write(`configuration error: ${err.message}\n`)
    process.exit(2)
  }
}
