import type { ImportSession } from './import-session'
import { MagneticoDatabaseError, openMagneticoDatabase } from './read-magnetico'

/**
 * Feeds a magnetico database into the session, chunk by chunk, each torrent checked and classified
 * as any import record (source `magnetico`, published when magnetico discovered it). Progress is
 * told in the file's bytes, in proportion to the ids read. A row the index cannot take is
 * rejected by its id (`path#id`); a SQLite file that is not magnetico's is one rejection.
 */
export async function importMagneticoDatabase(
  input: { path: string; sizeBytes: number },
  session: ImportSession,
  onBytes: (bytes: number) => void,
  stop?: AbortSignal,
): Promise<void> {
  let database: ReturnType<typeof openMagneticoDatabase>
  try {
    database = openMagneticoDatabase(input.path, session.limits)
  } catch (err) {
    if (!(err instanceof MagneticoDatabaseError)) throw err
    return session.reject(input.path, err.message)
  }
  let reportedBytes = 0
  try {
    while (!stop?.aborted) {
      const chunk = database.readChunk()
      if (chunk.length === 0) break
      for (const { id, infoHash, ...record } of chunk) {
        const origin = `${input.path}#${id}`
        if (infoHash === null) session.reject(origin, 'info_hash is not 20 bytes')
        else session.addRecord({ infoHash, ...record }, origin)
      }
      const doneBytes = Math.floor((input.sizeBytes * chunk.at(-1)!.id) / Math.max(database.lastId, 1))
      onBytes(doneBytes - reportedBytes)
      reportedBytes = doneBytes
      // A turn of the event loop between chunks: a signal can stop the import, the bar can redraw.
      await Bun.sleep(0)
    }
  } finally {
    database.close()
  }
}
