/**
 * Names that are paths (`/tv/Show/Season 2/02 - Title.avi`, `Season 21/One Piece 1001`), as
 * media servers and file lists give them: the file name is parsed, and its folders supply what a
 * file inside a show's folder leaves out (the season, the show's title).
 */
import { SEASON_WORDS } from './season-words'

export interface PathName {
  /** The last part, parsed as the release name. */
  file: string
  /** The folders from the nearest outwards, empty for a plain name. */
  folders: string[]
}

const MEDIA_FILE = /\.(?:mkv|mp4|avi|m4v|mov|wmv|ts|m2ts|mpg|mpeg|webm|flv|divx|ogm|iso|disc)$/i
// `Season 2`, `Staffel 7 (2016)`, `3.Staffel`, `S01`, in the languages media servers meet.
const SEASON_FOLDER = new RegExp(
  `^(?:(?:${SEASON_WORDS}|series|s)[ ._-]*(\\d{1,4})|(\\d{1,2})\\.?[ ._-]*(?:staffel|season|saison))(?:[ ._-]*\\(\\d{4}\\))?$`,
  'iu',
)

export function splitPath(name: string): PathName {
  const parts = name.split(/[\\/]/).filter((part) => part.trim() !== '')
  const isPath = /^(?:[\\/]|[a-z]:\\)/i.test(name) || MEDIA_FILE.test(name) || (parts.length > 1 && SEASON_FOLDER.test(parts[0]!.trim()))
  if (parts.length < 2 || !isPath || /\s[\\/]\s/.test(name)) return { file: name, folders: [] }
  return { file: parts.at(-1)!, folders: parts.slice(0, -1).reverse() }
}

/** The season a folder (or a bare season name) stands for. */
export function seasonOfFolder(folder: string): number | null {
  const match = SEASON_FOLDER.exec(folder.trim())
  return match ? Number(match[1] ?? match[2]) : null
}

// `02.avi`, `02 - Title.avi`, `2. Infestation.avi`, `16 Some Title.avi`: a file numbered inside a show's folder.
const LEADING_NUMBER = /^(\d{1,3})(?:v\d)?(?:[ ._-]|$)/
// `One Piece 1001`, `seriesname 05.mkv`: a number closing the file's own title.
const CLOSING_NUMBER = /[ ._-](\d{1,4})(?:v\d)?(?:\.[a-z0-9]{2,4})?$/i

/** The episode number of a file that sits in a season or show folder and names no `SxxEyy`. */
export function episodeOfNumberedFile(file: string): number | null {
  const number = Number((LEADING_NUMBER.exec(file) ?? CLOSING_NUMBER.exec(file))?.[1])
  return number > 0 && !(number >= 1900 && number <= 2099) ? number : null
}

// A file named by a hash or a random run (`3f9a8b7c6d5e4f3a2b1c.mkv`, `a1b2c3d4-....mkv`): 16 or
// more letters and digits, both mixed in, with no separator that would make words of them.
const OBFUSCATED = /^(?=[a-z-]*\d)(?=[\d-]*[a-z])[a-z0-9-]{16,}(?:\.[a-z0-9]{2,4})?$/i

/** The file's name is a hash or random characters, not the release's (posting tools obfuscate files so). */
export function isObfuscated(file: string): boolean {
  return OBFUSCATED.test(file) && !/[a-z]{5}/i.test(file.replace(/\.[a-z0-9]{2,4}$/i, '').replace(/[a-f0-9]/gi, ''))
}
