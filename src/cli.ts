/**
 * `bun run cli <command>`: operator commands that work on the index without the server running
 * (or beside it: WAL lets the CLI write while the service reads).
 */
import { constants } from 'node:os'
import { BACKUP_USAGE, RESTORE_USAGE, runBackupCommand, runRestoreCommand } from './backup'
import { type Classifier, describeReleaseName, loadClassifier, RuleFileError } from './classify'
import { renderConfigHelp, type Config } from './config'
import { FETCH_USAGE, runFetchCommand } from './fetch-requests'
import { readLines, runImportCommand } from './importer'
import { openLineWorkers, readAdminKey } from './core'
import { createLogger } from './log'
import { limitWriteAheadLog } from './storage-cap'
import { exitOnStartupFailure, loadConfigOrExit, openCoreOrExit } from './process'
import { parseReclassifyArgs, RECLASSIFY_USAGE, runReclassify } from './torrents'
import { EXPORT_USAGE, runExportCommand } from './sync'
import { openStore, storeFiles } from './store'

const USAGE = `Usage: bun run cli <command>

Commands:
  import PATH...   import .torrent files, folders of them (recursive) and JSON Lines files
                   (.jsonl, gzipped .gz; - reads stdin), a magnetico database (SQLite, any
                   name) or its JSON export (.json), and another instance's export URL
                   (http://host:3333/export?apikey=KEY), pulled page by page to its end.
                   Exits 1 when any input was rejected. SIGINT or SIGTERM stops it at the
                   last complete line: what was read is committed, the summary printed,
                   and it exits 130 (SIGINT) or 143 (SIGTERM).
  ${EXPORT_USAGE}      write every torrent to FILE as one JSON line each: the import format
                   plus its content type, ground-truth label and its source, operator
                   tags, external ids and grabs (- writes stdout; a name ending .gz is
                   gzipped). cli import FILE on another instance restores them. Safe
                   while the service runs; SIGINT or SIGTERM stops it, leaving no FILE
  ${FETCH_USAGE}
                   ask the running core to find each torrent on the DHT (its x.pe
                   peers first) and index it; prints each request's state, and with
                   --wait follows them to found or not found (exit 1 if any is not).
                   Reaches the core at CORE_GRAPHQL_URL (else 127.0.0.1:CORE_PORT)
                   with the core admin key (see admin-key)
  admin-key        print the core admin key: CORE_ADMIN_KEY, else the one the core made and
                   keeps in its database. Give it as CORE_ADMIN_KEY to a dashboard (or a
                   cli fetch) run apart from the core
  parse            read release names from stdin, one per line; write what the classifier
                   makes of each as one JSON object per line (uses CLASSIFIER_RULES_PATH)
  ${RECLASSIFY_USAGE}
                   re-run the current rules over stored torrents, in batches
  ${BACKUP_USAGE}     copy both databases into DIR (else SERVICE_BACKUP_DIR) as
                   index-<UTC time>.db and dashboard-<UTC time>.db; safe while the
                   service runs (a consistent snapshot, even mid-import)
  ${RESTORE_USAGE}     put a backup back in place of the store it holds. Refused (exit 1,
                   nothing replaced) while the service or an import has that database
                   open, or when FILE fails SQLite's integrity check
  help             show this help and the configuration variables
`

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv
  switch (command) {
    case 'import':
      return importCommand(args)
    case 'export':
      return exportCommand(args)
    case 'parse':
      return parseCommand(loadConfigOrExit())
    case 'fetch':
      return fetchCommand(args)
    case 'admin-key':
      return adminKeyCommand(loadConfigOrExit())
    case 'reclassify':
      return reclassifyCommand(args)
    case 'backup': {
      const config = loadConfigOrExit()
      return runBackupCommand(args, config, storeFiles(config.store), process)
    }
    case 'restore': {
      const config = loadConfigOrExit()
      return runRestoreCommand(args, config, storeFiles(config.store), process)
    }
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
  const { store, pipeline, reranker } = await openCoreOrExit(config, log)
  // The service holds the cap; an import beside it keeps the log it writes inside the cap too.
  if (config.storage.limitBytes !== null) await limitWriteAheadLog(store.maintenance, config.storage.limitBytes)
  const lineWorkers = openLineWorkers(config, log)
  const stop = abortOnSignals()
  try {
    const summary = await runImportCommand(paths, {
      pipeline,
      lineWorkers,
      stdout: process.stdout,
      stderr: process.stderr,
      isTTY: process.stderr.isTTY === true,
      stop: stop.signal,
      limits: config.ingest.limits,
    })
    // The reranks of the last batches are still in flight; the queue is bounded, so this ends.
    await reranker?.idle()
    if (stop.received) {
      process.stderr.write(`import stopped by ${stop.received}: the lines after the last one read were not imported\n`)
      return exitCodeFor(stop.received)
    }
    return summary.rejected > 0 ? 1 : 0
  } finally {
    lineWorkers?.stop()
    // A stop or a failure part-way leaves a batch buffered: it is committed before the store closes.
    await pipeline.flush()
    await store.close()
  }
}

async function exportCommand(args: string[]): Promise<number> {
  if (args.length !== 1) {
    process.stderr.write(`usage: bun run cli ${EXPORT_USAGE} (- for stdout)\n`)
    return 2
  }
  const config = loadConfigOrExit()
  const log = createLogger({ level: config.log.level })
  let store: Awaited<ReturnType<typeof openStore>>
  try {
    store = await openStore(config.store, { log: log.child({ component: 'db' }) })
  } catch (err) {
    exitOnStartupFailure(err, log)
  }
  const stop = abortOnSignals()
  try {
    const summary = await runExportCommand(args[0]!, {
      exports: store.exports,
      stdout: process.stdout,
      stderr: process.stderr,
      isTTY: process.stderr.isTTY === true,
      stop: stop.signal,
    })
    if (stop.received) {
      process.stderr.write(`export stopped by ${stop.received} after ${summary.torrents} torrents: nothing was kept\n`)
      return exitCodeFor(stop.received)
    }
    return 0
  } finally {
    await store.close()
  }
}

async function fetchCommand(args: string[]): Promise<number> {
  const config = loadConfigOrExit()
  // A core on another host keeps its own key: only CORE_ADMIN_KEY can name it.
  if (config.dashboard.coreGraphqlUrl && !config.core.adminKey) {
    process.stderr.write('fetch reaches the core at CORE_GRAPHQL_URL: set CORE_ADMIN_KEY to its admin key (cli admin-key there)\n')
    return 2
  }
  const host = config.http.host === '0.0.0.0' || config.http.host === '::' ? '127.0.0.1' : config.http.host
  return runFetchCommand(args, {
    graphqlUrl: config.dashboard.coreGraphqlUrl ?? `http://${host.includes(':') ? `[${host}]` : host}:${config.http.corePort}/graphql`,
    adminKey: await readAdminKey(config.store, config.core.adminKey, createLogger({ level: config.log.level })),
    stdout: process.stdout,
    stderr: process.stderr,
  })
}

/** Prints the key on stdout alone, so a script can read it: `CORE_ADMIN_KEY=$(bun run cli admin-key)`. */
async function adminKeyCommand(config: Config): Promise<number> {
  process.stdout.write(`${await readAdminKey(config.store, config.core.adminKey, createLogger({ level: config.log.level }))}\n`)
  return 0
}

/** The shell's convention for a command ended by a signal: 128 + its number (130, 143). */
function exitCodeFor(signal: NodeJS.Signals): number {
  return 128 + constants.signals[signal]
}

/**
 * Turns the first SIGINT or SIGTERM into an abort, so the import ends at its last complete line
 * and still commits and reports (an export removes its partial file); a second one exits at once,
 * dropping the batch not yet written.
 */
function abortOnSignals(): { signal: AbortSignal; readonly received: NodeJS.Signals | undefined } {
  const controller = new AbortController()
  let received: NodeJS.Signals | undefined
  const onSignal = (signal: NodeJS.Signals) => {
    if (received) process.exit(exitCodeFor(signal))
    received = signal
    controller.abort()
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  return {
    signal: controller.signal,
    get received() {
      return received
    },
  }
}

async function reclassifyCommand(args: string[]): Promise<number> {
  const filter = parseReclassifyArgs(args)
  if (typeof filter === 'string') {
    process.stderr.write(`${filter}\nusage: bun run cli ${RECLASSIFY_USAGE}\n`)
    return 2
  }
  const config = loadConfigOrExit()
  const { store, reclassifier } = await openCoreOrExit(config, createLogger({ level: config.log.level }))
  try {
    await runReclassify(reclassifier, filter, { stdout: process.stdout, stderr: process.stderr, isTTY: process.stderr.isTTY === true })
    return 0
  } finally {
    await store.close()
  }
}

async function parseCommand(config: Config): Promise<number> {
  let classifier: Classifier
  try {
    classifier = loadClassifier({ rulesPath: config.classify.rulesPath })
  } catch (err) {
    if (!(err instanceof RuleFileError)) throw err
    process.stderr.write(`classification rules are invalid: ${err.message}\n`)
    return 1
  }
  const writer = Bun.stdout.writer()
  for await (const line of readLines(Bun.stdin.stream())) {
    if ('tooLong' in line) continue
    writer.write(`${JSON.stringify(describeReleaseName(classifier, line.text.trim()))}\n`)
  }
  await writer.end()
  return 0
}

process.exit(await main(Bun.argv.slice(2)))
