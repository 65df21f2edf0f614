import type { ExportedTorrent } from './model'

/**
 * One torrent as a line of the import format (src/importer/import-line.ts reads it back), with
 * what the import format adds for travel: `contentType`, `label` (with its `source`, the instance
 * that confirmed it), `externalIds`, `tags` and `grabs`. Fields that are unknown or empty are left
 * out, which the import reads as the same: a line costs only what it says.
 */
export function formatExportLine(torrent: ExportedTorrent): string {
  const line: Record<string, unknown> = { infoHash: torrent.infoHash }
  if (torrent.infoHashV2 !== null) line.infoHashV2 = torrent.infoHashV2
  line.name = torrent.name
  line.size = torrent.sizeBytes
  if (torrent.isPrivate) line.private = true
  if (torrent.filesCount !== null) {
    let previous = -1
    line.files = torrent.files.map((file) => {
      // The index only where padding files left a gap: the import counts on from the previous one.
      const entry =
        file.index === previous + 1
          ? { path: file.path, size: file.sizeBytes }
          : { path: file.path, size: file.sizeBytes, index: file.index }
      previous = file.index
      return entry
    })
    if (torrent.filesCount > torrent.files.length) line.filesCount = torrent.filesCount
  }
  line.publishedAt = isoTime(torrent.publishedAt)
  if (torrent.seeders !== null) line.seeders = torrent.seeders
  if (torrent.leechers !== null) line.leechers = torrent.leechers
  if (torrent.source !== null) line.source = torrent.source
  if (torrent.contentType !== null) line.contentType = torrent.contentType
  const { label } = torrent
  if (label)
    line.label = {
      contentType: label.contentType,
      title: label.title,
      year: label.year,
      seasons: label.seasons,
      episodes: label.episodes,
      source: label.labelledBy,
      labelledAt: isoTime(label.labelledAt),
    }
  const ids = Object.entries(torrent.externalIds).filter(([, id]) => id !== null)
  if (ids.length > 0) line.externalIds = Object.fromEntries(ids)
  if (torrent.tags.length > 0) line.tags = torrent.tags
  if (torrent.grabs > 0) line.grabs = torrent.grabs
  return JSON.stringify(line)
}

/** RFC 3339 in UTC, to the second, as the index keeps it. */
function isoTime(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace('.000Z', 'Z')
}
