import { Elysia } from 'elysia'
import type { Config } from '../config'
import type { Logger } from '../log'

export interface RunningDashboard {
  /** The port it listens on (the configured one, or the one the OS chose for port 0). */
  port: number
  stop(): Promise<void>
}

/**
 * The operator dashboard's composition root, started beside the core (`bun run start`) or alone
 * (`bun run start dashboard`). It reaches the core only over HTTP, so it runs the same when the
 * core is on another host. Today it answers its own health check; its API and pages come next.
 */
export function startDashboard(config: Config, log: Logger): RunningDashboard {
  const app = new Elysia({ name: 'dashboard' })
    .get('/healthz', () => ({ status: 'ok' }))
    .listen({ hostname: config.http.host, port: config.http.dashboardPort })
  const port = app.server!.port!
  log.info('dashboard listening', { host: config.http.host, port })
  return {
    port,
    async stop() {
      await app.stop()
    },
  }
}
