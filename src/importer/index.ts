export { runImportCommand } from './import-command'
export { importRoutes } from './routes'
export { parseImportLine } from './import-line'
export { createImportSession, type ImportSummary, type Rejection } from './import-session'
