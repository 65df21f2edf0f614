export { BACKUP_USAGE, RESTORE_USAGE, runBackupCommand, runRestoreCommand, storeFiles } from './commands'
export { backupFileName, expiredBackups, parseBackupFileName } from './backup-names'
export { startBackupSchedule } from './schedule'
export { writeBackup } from './write-backup'
