import { cleanName } from './text'

/**
 * Stands in for a path made only of traversal (`..`, `/`, `C:\`): the file is still listed, so the
 * file indexes stay those of the metainfo, but it can never name a place outside the torrent.
 */
const EMPTY_PATH_PLACEHOLDER = '_'

// Both, whatever the torrent's origin: a Windows client treats `\` as a separator when it saves.
const SEPARATOR = /[/\\]/
// `C:` as a whole segment: a drive root. A colon inside a longer name (`Dune: Part Two`) stays.
const DRIVE = /^[a-z]:$/i
// `.` and `..`, and any longer run of dots, which Windows trims to one of those.
const DOTS_ONLY = /^\.+$/

/**
 * A file path (or torrent name) from untrusted metainfo or an import line, made relative and
 * harmless: `\` splits like `/`; empty, dot-only and drive segments (`C:`) are dropped, so a leading
 * root and every `..` go; segments lose control characters and outer spaces. The result is joined
 * with `/`; a path that keeps no segment becomes `EMPTY_PATH_PLACEHOLDER`.
 * Takes either one string or a list of segments (v1 `path` lists), which may hold separators too.
 */
export function normaliseFilePath(raw: string | readonly string[]): string {
  const segments: string[] = []
  for (const part of typeof raw === 'string' ? [raw] : raw) {
    for (const piece of part.split(SEPARATOR)) {
      const segment = cleanName(piece)
      if (segment !== '' && !DOTS_ONLY.test(segment) && !DRIVE.test(segment)) segments.push(segment)
    }
  }
  return segments.length > 0 ? segments.join('/') : EMPTY_PATH_PLACEHOLDER
}
