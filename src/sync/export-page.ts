import { encodeExportCursor } from './export-cursor'
import { exportChunks } from './export-chunks'
import type { ExportStore } from './model'

/** Torrents a page holds when the client does not say. */
export const DEFAULT_EXPORT_LIMIT = 1000
/** The most a page holds: about 3 MB of lines, streamed in bounded memory whatever the limit. */
export const MAX_EXPORT_LIMIT = 10_000

export interface ExportPage {
  /** The page's lines as they are read. */
  lines: ReadableStream<Uint8Array>
  /** Where the next page starts, while torrents remain after this one; null at the end. */
  nextCursor: string | null
  /**
   * Where to ask again later for the torrents stored after this page: a follower keeps it once the
   * page is committed (X-Next-Cursor alone would leave it nothing to keep at the end).
   */
  resumeCursor: string
}

/**
 * A page of the export after `afterPosition`. Its end is fixed before the first line goes out, so
 * the cursors are in the headers, and torrents stored while it streams come after it: paging
 * meets each torrent once, however many arrive meanwhile.
 */
export async function openExportPage(store: ExportStore, afterPosition: number, limit: number): Promise<ExportPage> {
  const bounds = await store.pageBounds(afterPosition, limit)
  const lastPosition = bounds.lastPosition ?? afterPosition
  return {
    lines: streamText(exportChunks(store, afterPosition, lastPosition)),
    nextCursor: bounds.hasMore ? encodeExportCursor(lastPosition) : null,
    resumeCursor: encodeExportCursor(lastPosition),
  }
}

/** Reads the next chunk only when the client has taken the last: memory stays one chunk per request. */
function streamText(chunks: AsyncGenerator<{ text: string }>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next()
      if (next.done) controller.close()
      else controller.enqueue(encoder.encode(next.value.text))
    },
    async cancel() {
      await chunks.return(undefined)
    },
  })
}
