/**
 * `bun run cli <command>`: operator commands that work on the index without the server running
 * (or beside it: WAL lets the CLI write while the service reads).
 */
import { renderConfigHelp } from './config'
import { openIndex } from './core'
import { MigrationError } from './db'
import { runImportCommand } from './importer'
import { createIngestPipeline, createIngestRepository } from './ingest'
import { createLogger } from './log'
import { loadConfigOrExit } from './process'

const USAGE = `Usage: bun run cli <command>

Commands:
  import PATH...   import .torrent files, folders of them (recursive) and JSON Lines files
                   (.jsonl; - reads stdin). Exits 1 when any input was rejected.
  help             show this help and the configuration variables
`

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv
  switch (command) {
    case 'import':
      return importCommand(args)
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(`${USAGE}\n${renderConfigHelp()}\n`)
      return 0
    default:
      process.stderr.write(`unknown command: ${command}\n\n${USAGE}`)
      return 2
  }
}

async function importCommand(paths: string[]): Promise<number> {
  if (paths.length === 0) {
    process.stderr.write('import needs at least one path (or - for stdin)\n')
    return 2
  }
  const config = loadConfigOrExit()
  const log = createLogger({ level: config.log.level })
  let db
  try {
    db = openIndex(config.db.corePath, log.child({ component: 'db' }))
  } catch (err) {
    if (!(err instanceof MigrationError)) throw err
    log.error('import stopped: database migration failed', { migration: err.migration, err })
    return 1
  }
  const pipeline = createIngestPipeline({
    repository: createIngestRepository(db.sqlite),
    batchSize: config.ingest.batchSize,
    flushIntervalMs: config.ingest.flushIntervalMs,
    log: log.child({ component: 'ingest' }),
  })
  try {
    const summary = await runImportCommand(paths, {
      pipeline,
      stdout: process.stdout,
      stderr: process.stderr,
      isTTY: process.stderr.isTTY === true,
    })
    return summary.rejected > 0 ? 1 : 0
  } finally {
    db.close()
  }
}

process.exit(await main(Bun.argv.slice(2)))
