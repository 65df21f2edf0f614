import type { Config } from '../config'
import { BackupError, RestoreRefusedError } from './errors'
import { restoreBackup } from './restore-backup'
import type { StoreFiles } from './store-port'
import { backupSources, writeBackup } from './write-backup'

export const BACKUP_USAGE = 'backup [DIR]'
export const RESTORE_USAGE = 'restore FILE'

interface CommandOutput {
  stdout: { write(text: string): unknown }
  stderr: { write(text: string): unknown }
}

/** `bun run cli backup [DIR]`: 0 written, 1 failed (or nothing to back up), 2 bad arguments. */
export async function runBackupCommand(args: string[], config: Config, files: StoreFiles, output: CommandOutput): Promise<number> {
  if (args.length > 1) {
    output.stderr.write(`backup takes at most one folder, not ${args.length} arguments\nusage: bun run cli ${BACKUP_USAGE}\n`)
    return 2
  }
  const dir = args[0] ?? config.backup.dir
  if (!dir) {
    output.stderr.write(`backup needs a folder: bun run cli ${BACKUP_USAGE}, or set SERVICE_BACKUP_DIR\n`)
    return 2
  }
  const { stores, refusals } = backupSources(files, config.db.dashboardPath)
  for (const reason of refusals) output.stderr.write(`the index is not backed up: ${reason}\n`)
  try {
    const written = await writeBackup(stores, dir, new Date(), files)
    if (written.length === 0) {
      output.stderr.write(`nothing to back up: neither ${config.db.corePath} nor ${config.db.dashboardPath} exists\n`)
      return 1
    }
    for (const file of written) output.stdout.write(`${file.kind}\t${file.path}\t${file.bytes} bytes\t${file.ms} ms\n`)
    return 0
  } catch (err) {
    if (!(err instanceof BackupError)) throw err
    output.stderr.write(`backup failed: ${err.message}\n`)
    return 1
  }
}

/** `bun run cli restore FILE`: 0 restored, 1 refused (nothing replaced), 2 bad arguments. */
export async function runRestoreCommand(args: string[], config: Config, files: StoreFiles, output: CommandOutput): Promise<number> {
  if (args.length !== 1) {
    output.stderr.write(`restore takes one backup file\nusage: bun run cli ${RESTORE_USAGE}\n`)
    return 2
  }
  try {
    const restored = await restoreBackup(args[0]!, { index: config.db.corePath, dashboard: config.db.dashboardPath }, files)
    output.stdout.write(`restored the ${restored.kind} store (schema version ${restored.schemaVersion}) to ${restored.target}\n`)
    return 0
  } catch (err) {
    if (!(err instanceof RestoreRefusedError)) throw err
    output.stderr.write(`restore refused: ${err.message}\n`)
    return 1
  }
}
