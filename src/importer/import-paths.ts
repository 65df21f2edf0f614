import { readdirSync, type Stats, statSync } from 'node:fs'
import { join } from 'node:path'
import type { ImportSession } from './import-session'
import { importMagneticoDatabase } from './import-magnetico'
import { countBytes, importJsonLines } from './json-lines-input'
import { isSqliteFile } from './read-magnetico'
import { ExportPullError } from './errors'
import { pullExport } from './pull-export'
import { hideUrlSecrets } from '../config'

const JSON_LINES_EXTENSIONS = ['.jsonl', '.ndjson', '.jsonl.gz', '.ndjson.gz']
/** gzip-compressed JSON Lines (`cli export` writes them when the name ends so). */
const GZIP_EXTENSION = '.gz'
/** Another instance's export (GET /export), pulled page by page. */
const EXPORT_URL = /^https?:\/\//i
/**
 * magnetico's exports (`--export`, its PostgreSQL era too) are one JSON object a line named
 * `.json`; read as JSON Lines when named on the command line (a folder's .json files are others').
 */
const MAGNETICO_EXPORT_EXTENSION = '.json'

export interface ImportInput {
  kind: 'torrent' | 'jsonl' | 'stdin' | 'magnetico' | 'url'
  path: string
  sizeBytes: number
}

/**
 * Expands the command-line paths into inputs: `-` is JSON Lines on stdin, an http(s) URL another
 * instance's export, folders are walked recursively (in name order) for .torrent and JSON Lines
 * files (gzipped too), a SQLite file named on the command line is read as a magnetico database,
 * any file named there ending in .gz as gzipped JSON Lines. A path that does not exist or has
 * another extension is rejected, not skipped silently.
 */
export function expandImportPaths(paths: string[], session: ImportSession): ImportInput[] {
  const inputs: ImportInput[] = []
  const visit = (path: string, isTopLevel: boolean) => {
    let stats: Stats
    try {
      stats = statSync(path)
    } catch {
      return session.reject(path, 'no such file or folder')
    }
    if (stats.isDirectory()) {
      for (const entry of readdirSync(path).sort()) visit(join(path, entry), false)
      return
    }
    const kind = path.endsWith('.torrent')
      ? 'torrent'
      : JSON_LINES_EXTENSIONS.some((ext) => path.endsWith(ext)) ||
          (isTopLevel && (path.endsWith(MAGNETICO_EXPORT_EXTENSION) || path.endsWith(GZIP_EXTENSION)))
        ? 'jsonl'
        : undefined
    if (kind) inputs.push({ kind, path, sizeBytes: stats.size })
    // A database is named on the command line, whatever its extension; a folder walk skips them.
    else if (isTopLevel && isSqliteFile(path)) inputs.push({ kind: 'magnetico', path, sizeBytes: stats.size })
    else if (isTopLevel) session.reject(path, 'not a .torrent, .jsonl, .json or .gz file, nor a magnetico database')
  }
  for (const path of paths) {
    if (path === '-') inputs.push({ kind: 'stdin', path: '-', sizeBytes: 0 })
    else if (EXPORT_URL.test(path)) inputs.push({ kind: 'url', path, sizeBytes: 0 })
    else visit(path, true)
  }
  return inputs
}

/**
 * Feeds one input into the session; `onBytes` reports progress through the input. When `stop`
 * aborts, a JSON Lines input ends at the last line fully read (see readLines).
 */
export async function importInput(
  input: ImportInput,
  session: ImportSession,
  onBytes: (bytes: number) => void,
  stop?: AbortSignal,
): Promise<void> {
  if (input.kind === 'torrent') {
    session.addTorrentFile(new Uint8Array(await Bun.file(input.path).arrayBuffer()), input.path)
    onBytes(input.sizeBytes)
    return
  }
  if (input.kind === 'magnetico') return importMagneticoDatabase(input, session, onBytes, stop)
  if (input.kind === 'url') return importExportUrl(input.path, session, onBytes, stop)
  if (input.kind === 'stdin') return importJsonLines(countBytes(Bun.stdin.stream(), onBytes), 'stdin', session, stop)
  const stream = countBytes(Bun.file(input.path).stream(), onBytes)
  if (!input.path.endsWith(GZIP_EXTENSION)) return importJsonLines(stream, input.path, session, stop)
  try {
    await importJsonLines(gunzip(stream), input.path, session, stop)
  } catch (err) {
    // What was read before the damage is imported; the file is reported, the other inputs go on.
    session.reject(input.path, `not readable as gzip: ${(err as Error).message}`)
  }
}

function gunzip(stream: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  // DecompressionStream takes any BufferSource in; the lib types then refuse Uint8Array streams.
  return stream.pipeThrough(new DecompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>)
}

/** An export URL pulled to its end; a source that fails is one rejection, named without its key. */
async function importExportUrl(url: string, session: ImportSession, onBytes: (bytes: number) => void, stop?: AbortSignal) {
  try {
    await pullExport(url, { session, after: null, onBytes, stop })
  } catch (err) {
    if (!(err instanceof ExportPullError)) throw err
    session.reject(hideUrlSecrets(url), err.message)
  }
}
