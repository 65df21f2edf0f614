/**
 * `bun run start`: the composition root of the service. Builds config -> database -> ingest ->
 * HTTP app, and tears them down in reverse on SIGINT/SIGTERM.
 */
import { renderConfigHelp } from './config'
import { createCoreApp } from './core'
import { createLogger } from './log'
import { loadConfigOrExit, openCoreOrExit } from './process'

if (Bun.argv.includes('--help') || Bun.argv.includes('-h')) {
  process.stdout.write(`Usage: bun run start\n\nStarts the indexer: the core HTTP API on CORE_PORT.\n\n${renderConfigHelp()}\n`)
  process.exit(0)
}

const config = loadConfigOrExit()
const log = createLogger({ level: config.log.level })

const { db, pipeline } = openCoreOrExit(config, log)
const app = createCoreApp({ config, db, pipeline, log }).listen({
  hostname: config.http.host,
  port: config.http.corePort,
})
log.info('core listening', { host: config.http.host, port: app.server?.port, database: config.db.corePath })

let stopping = false
const shutdown = async (signal: string) => {
  if (stopping) return
  stopping = true
  log.info('shutting down', { signal })
  await app.stop()
  const last = pipeline.flush()
  db.close()
  log.info('stopped', { lastBatch: last })
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))
