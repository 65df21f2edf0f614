import type { Config } from '../config'
import type { Logger } from '../log'
import { createDashboardApp } from './app'
import { createEventBus } from './events/event-bus'
import { createNotificationRepository } from './notifications/repository'
import { createNotificationService } from './notifications/service'
import { openDashboardStore } from './store/open-store'

export interface RunningDashboard {
  /** The port it listens on (the configured one, or the one the OS chose for port 0). */
  port: number
  stop(): Promise<void>
}

/**
 * The operator dashboard's composition root, started beside the core (`bun run start`) or alone
 * (`bun run start dashboard`). It reaches the core only over HTTP (core-client/), so it runs the
 * same when the core is on another host; `corePort` is this process's core, when there is one.
 * Throws MigrationError before anything listens.
 */
export function startDashboard(config: Config, log: Logger, options: { corePort?: number } = {}): RunningDashboard {
  const store = openDashboardStore(config.db.dashboardPath, log)
  const events = createEventBus()
  const notifications = createNotificationService({ repository: createNotificationRepository(store.orm), events })
  const app = createDashboardApp({ notifications, log }).listen({ hostname: config.http.host, port: config.http.dashboardPort })
  const port = app.server!.port!
  log.info('dashboard listening', { host: config.http.host, port, store: config.db.dashboardPath, corePort: options.corePort })
  return {
    port,
    async stop() {
      try {
        await app.stop()
      } finally {
        store.close()
      }
    },
  }
}
