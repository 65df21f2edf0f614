import { readdirSync, type Stats, statSync } from 'node:fs'
import { join } from 'node:path'
import type { ImportSession } from './import-session'
import { readLines } from './read-lines'
import { importMagneticoDatabase } from './import-magnetico'
import { createEventLoopTurns, TURN_EVERY_MS } from './event-loop-turns'
import { isSqliteFile } from './read-magnetico'

const JSON_LINES_EXTENSIONS = ['.jsonl', '.ndjson']
/**
 * magnetico's exports (`--export`, its PostgreSQL era too) are one JSON object a line named
 * `.json`; read as JSON Lines when named on the command line (a folder's .json files are others').
 */
const MAGNETICO_EXPORT_EXTENSION = '.json'

export interface ImportInput {
  kind: 'torrent' | 'jsonl' | 'stdin' | 'magnetico'
  path: string
  sizeBytes: number
}

/**
 * Expands the command-line paths into inputs: `-` is JSON Lines on stdin, folders are walked
 * recursively (in name order) for .torrent and JSON Lines files, a SQLite file named on the
 * command line is read as a magnetico database. A path that does not exist or has
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
      : JSON_LINES_EXTENSIONS.some((ext) => path.endsWith(ext)) || (isTopLevel && path.endsWith(MAGNETICO_EXPORT_EXTENSION))
        ? 'jsonl'
        : undefined
    if (kind) inputs.push({ kind, path, sizeBytes: stats.size })
    // A database is named on the command line, whatever its extension; a folder walk skips them.
    else if (isTopLevel && isSqliteFile(path)) inputs.push({ kind: 'magnetico', path, sizeBytes: stats.size })
    else if (isTopLevel) session.reject(path, 'not a .torrent, .jsonl or .json file, nor a magnetico database')
  }
  for (const path of paths) {
    if (path === '-') inputs.push({ kind: 'stdin', path: '-', sizeBytes: 0 })
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
  const stream = input.kind === 'stdin' ? Bun.stdin.stream() : Bun.file(input.path).stream()
  const origin = input.kind === 'stdin' ? 'stdin' : input.path
  await importJsonLines(countBytes(stream, onBytes), origin, session, stop)
}

export async function importJsonLines(
  stream: ReadableStream<Uint8Array>,
  origin: string,
  session: ImportSession,
  stop?: AbortSignal,
): Promise<void> {
  const giveTurn = createEventLoopTurns(TURN_EVERY_MS)
  for await (const event of readLines(stream, stop)) {
    await giveTurn()
    const where = `${origin}:${event.lineNumber}`
    if ('tooLong' in event) session.reject(where, 'line longer than 1 MiB')
    else {
      const isQueueFull = session.addJsonLine(event.text, where)
      if (isQueueFull) await isQueueFull
    }
  }
  await session.drainLines()
}

function countBytes(stream: ReadableStream<Uint8Array>, onBytes: (bytes: number) => void): ReadableStream<Uint8Array> {
  return stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        onBytes(chunk.byteLength)
        controller.enqueue(chunk)
      },
    }),
  )
}
