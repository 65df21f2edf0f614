/**
 * `bun run start [core|dashboard]`: starts the core, the dashboard, or both (the default), and
 * stops them in reverse on SIGINT/SIGTERM. Each side's parts are built by its composition root.
 */
import { renderConfigHelp } from './config'
import { startCore } from './core'
import { startDashboard } from './dashboard'
import { createLogger, type LogThreshold } from './log'
import { exitOnStartupFailure, loadConfigOrExit } from './process'

const USAGE = `Usage: bun run start [core|dashboard]

Starts the indexer: the core (Torznab, GraphQL, crawler) on CORE_PORT and the operator dashboard
on DASHBOARD_PORT. Name one side to run it alone; the dashboard then reaches the core over HTTP.
With SERVICE_ROLE=crawler or worker the core starts alone (the dashboard needs a core's GraphQL,
which only the all and api roles serve).`

const args = Bun.argv.slice(2)
if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(`${USAGE}\n\n${renderConfigHelp()}\n`)
  process.exit(0)
}
const side = args[0] ?? 'all'
if (!['all', 'core', 'dashboard'].includes(side) || args.length > 1) {
  process.stderr.write(`unknown argument ${args.join(' ')}\n\n${USAGE}\n`)
  process.exit(2)
}

const config = loadConfigOrExit()
// The dashboard works through the core's GraphQL: it may run beside an `api` process (as beside
// `all`), not beside a crawler or a worker, which serve none. `bun run start dashboard` is unchanged.
const runsDashboard = side === 'dashboard' || (side === 'all' && (config.role === 'all' || config.role === 'api'))
// Shared by every logger of the process, so the core's log_level setting applies to all of them.
const logThreshold: LogThreshold = { level: config.log.level }
const log = createLogger({ level: logThreshold })
const running: { stop(): Promise<void> }[] = []
try {
  // Known once the dashboard listens, after the core: the core's `GET /` sends browsers there.
  let dashboardPort: number | undefined
  const core =
    side === 'dashboard'
      ? undefined
      : await startCore(config, log, logThreshold, side === 'all' && runsDashboard ? { dashboardPort: () => dashboardPort } : {})
  if (core) running.push(core)
  if (runsDashboard) {
    const dashboard = startDashboard(config, log.child({ component: 'dashboard' }), {
      corePort: core?.port,
      // The core's admin key, generated when CORE_ADMIN_KEY is unset, reaches the dashboard in memory.
      coreAdminKey: core?.adminKey ?? config.dashboard.coreAdminKey,
      logThreshold,
    })
    dashboardPort = dashboard.port
    running.push(dashboard)
  }
} catch (err) {
  exitOnStartupFailure(err, log)
}

/**
 * Docker sends SIGKILL 10 s after SIGTERM. Uploads are cut and the last batch committed within
 * the first second; what may outlast the rest (a webhook delivery with retries in hand, a crawler
 * that will not close) is cut short here, so the exit is ours and logged.
 */
const STOP_DEADLINE_MS = 9_000

let stopping = false
const shutdown = async (signal: string) => {
  if (stopping) return
  stopping = true
  log.info('shutting down', { signal })
  setTimeout(() => {
    log.error('stop outlasted its deadline: exiting with work unfinished', { deadlineMs: STOP_DEADLINE_MS })
    process.exit(1)
  }, STOP_DEADLINE_MS).unref()
  try {
    for (const part of running.reverse()) await part.stop()
  } catch (err) {
    log.error('stop failed', { err })
    process.exit(1)
  }
  log.info('stopped')
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))
