import { formatExportLine } from './export-line'
import type { ExportStore } from './model'

export interface ExportChunk {
  /** Whole lines, each ending in a newline. */
  text: string
  torrents: number
}

/**
 * The export's lines for the torrents after `afterPosition` through `throughPosition`, a chunk of
 * the store's at a time: the caller writes one before the next is read, so a 10M-torrent export
 * holds one chunk in memory, whatever the size of the index.
 */
export async function* exportChunks(store: ExportStore, afterPosition: number, throughPosition: number): AsyncGenerator<ExportChunk> {
  let after = afterPosition
  while (after < throughPosition) {
    const torrents = await store.readChunk(after, throughPosition)
    if (torrents.length === 0) return
    let text = ''
    for (const torrent of torrents) text += `${formatExportLine(torrent)}\n`
    after = torrents.at(-1)!.position
    yield { text, torrents: torrents.length }
  }
}
