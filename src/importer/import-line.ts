import {
  cleanName,
  cutText,
  DEFAULT_METAINFO_LIMITS,
  extensionOf,
  fileTypeOf,
  type MetainfoLimits,
  normaliseFilePath,
  normaliseInfoHash,
  type TorrentFile,
} from '../metainfo'
import type { IngestItem } from '../ingest'
import { parseCarriedFields } from './carried-fields'
import { isCount, isGiven, parseTime } from './record-fields'

export type ParsedLine = { ok: true; item: IngestItem } | { ok: false; reason: string }

const SOURCE_KEY = /^[a-z0-9][a-z0-9_-]{0,63}$/

/**
 * One JSON Lines record:
 * `{"infoHash","infoHashV2"?,"name","size","files"?:[{"path","size","index"?}],"filesCount"?,"publishedAt"?,"seeders"?,"leechers"?,"source"?}`,
 * plus what an export line carries (`label`, `externalIds`, `tags`, `grabs`: carried-fields.ts).
 * bitmagnet's import fields that mean the same (`infoHash`, `name`, `size`, `private`, `source`,
 * `publishedAt`) are read the same way; its other hint fields are ignored, not rejected. Names and
 * paths are cut, and files past the limit counted but not kept, as for a .torrent (`limits`).
 */
export function parseImportLine(line: string, limits: MetainfoLimits = DEFAULT_METAINFO_LIMITS): ParsedLine {
  let record: unknown
  try {
    record = JSON.parse(line)
  } catch {
    return fail('not valid JSON')
  }
  return parseImportRecord(record, limits)
}

/**
 * One import record already decoded (a JSON line's object, a row of another indexer's database).
 * `filesCount`, when larger than the list given, says how many files there are in all (a dump or
 * a magnetico row that lists only some).
 */
export function parseImportRecord(record: unknown, limits: MetainfoLimits = DEFAULT_METAINFO_LIMITS): ParsedLine {
  if (!record || typeof record !== 'object' || Array.isArray(record)) return fail('not a JSON object')
  const r = record as Record<string, unknown>

  const infoHash = typeof r.infoHash === 'string' ? normaliseInfoHash(r.infoHash) : undefined
  if (!infoHash) return fail('infoHash must be 40 hex characters (or 32 base32)')
  if (typeof r.name !== 'string' || !cleanName(r.name)) return fail('name is missing or empty')
  // The same treatment as a .torrent's name: for a single-file torrent it is also the file name.
  const name = cutText(normaliseFilePath(r.name), limits.nameChars)

  const listing = r.files === undefined || r.files === null ? null : parseFiles(r.files, limits)
  if (typeof listing === 'string') return fail(listing)
  const size = r.size ?? listing?.sizeBytes
  if (!isCount(size)) return fail('size must be a whole number of bytes, 0 or more')
  if (r.filesCount !== undefined && r.filesCount !== null && !isCount(r.filesCount))
    return fail('filesCount must be a whole number, 0 or more')
  const filesCount = listing ? Math.max(listing.count, (r.filesCount as number | null | undefined) ?? 0) : undefined

  const publishedAt = r.publishedAt === undefined || r.publishedAt === null ? null : parseTime(r.publishedAt)
  if (publishedAt === undefined) return fail('publishedAt must be an RFC 3339 time or Unix seconds')
  for (const key of ['seeders', 'leechers'] as const) {
    if (r[key] !== undefined && r[key] !== null && !isCount(r[key])) return fail(`${key} must be a whole number, 0 or more`)
  }
  const source = r.source === undefined ? 'import' : typeof r.source === 'string' ? r.source.trim().toLowerCase() : ''
  if (!SOURCE_KEY.test(source)) return fail('source must be a short key of letters, digits, - or _')
  if (r.private !== undefined && typeof r.private !== 'boolean') return fail('private must be true or false')
  const carried = parseCarriedFields(r, infoHash, limits)
  if (typeof carried === 'string') return fail(carried)

  return {
    ok: true,
    item: {
      infoHash,
      infoHashV2: null,
      name,
      sizeBytes: size,
      isPrivate: r.private === true,
      files: listing?.files ?? null,
      ...(filesCount !== undefined && filesCount > listing!.files.length ? { filesCount } : {}),
      source,
      publishedAt,
      seeders: (r.seeders as number | null | undefined) ?? null,
      leechers: (r.leechers as number | null | undefined) ?? null,
      ...(carried ? { carried } : {}),
    },
  }
}

/**
 * Every file is checked and counted; only the first `limits.files` are kept. A file's `index` is
 * its place in the torrent's own list, the one after the previous file's unless given: an export
 * gives it where padding files (BEP 47, never stored) left a gap, which clients select files by.
 */
function parseFiles(value: unknown, limits: MetainfoLimits): { files: TorrentFile[]; count: number; sizeBytes: number } | string {
  if (!Array.isArray(value)) return 'files must be a list'
  const files: TorrentFile[] = []
  let sizeBytes = 0
  let index = -1
  for (const [position, entry] of value.entries()) {
    const file = entry as { path?: unknown; size?: unknown; index?: unknown } | null
    const rawPath = file?.path
    if (!isPathGiven(rawPath)) return `files[${position}].path is missing`
    if (!isCount(file?.size)) return `files[${position}].size must be a whole number of bytes, 0 or more`
    if (isGiven(file.index) && !(isCount(file.index) && file.index > index))
      return `files[${position}].index must be a whole number above the previous file's`
    index = isGiven(file.index) ? (file.index as number) : index + 1
    sizeBytes += file.size
    if (files.length === limits.files) continue
    const path = cutText(normaliseFilePath(rawPath), limits.pathChars)
    const extension = extensionOf(path)
    files.push({ index, path, sizeBytes: file.size, extension, fileType: fileTypeOf(extension) })
  }
  return { files, count: value.length, sizeBytes }
}

/**
 * A path given as one string or a list of string segments, not blank. One holding only traversal
 * (`..`, `/`) still counts: it normalises to the placeholder, keeping the file indexes aligned.
 */
function isPathGiven(value: unknown): value is string | string[] {
  const parts = typeof value === 'string' ? [value] : Array.isArray(value) && value.every((part) => typeof part === 'string') ? value : []
  return parts.some((part) => cleanName(part) !== '')
}

function fail(reason: string): ParsedLine {
  return { ok: false, reason }
}
