/**
 * Numbers the base parser reads as episodes or leaves in the title, that are something else: a
 * six-digit air date (`Show.221205.HDTV` is 2022-12-05), a decimal in a film's title (`Film 2.22
 * 1080p` is no episode 22), a number opening a title (`12 Angry Jurors`), and the numbers of a
 * set of films (`Saga Trilogy 1-3`).
 */
import type { EpisodeNumbers } from './episodes'

// YYMMDD after the title, between separators: a valid month and day.
const SHORT_AIR_DATE = /[ ._-](\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?=[ ._-]|$)/
// A decimal standing alone between spaces; in a dotted name the dot is a separator.
const SPACED_DECIMAL = /(?:^|\s)\d{1,3}\.(\d{1,3})(?=\s|$)/
// Sets of films, not seasons of a show.
const FILM_SET = /(?:^|[^a-z])(?:(?:duo|tri|quadri|penta|hexa)logy|(?:fan|films?|movies?)[ ._-]?collection)(?:[^a-z]|$)/i

/** `YYYY-MM-DD` of a six-digit date closing the title (two-digit years below 50 are this century), and the title without it. */
export function readShortAirDate(name: string, title: string | null): { airDate: string; title: string | null } | null {
  const match = SHORT_AIR_DATE.exec(name)
  if (!match || match.index === 0) return null
  const [token, yy, mm, dd] = match as unknown as [string, string, string, string]
  const airDate = `${Number(yy) < 50 ? '20' : '19'}${yy}-${mm}-${dd}`
  // 31 April and 30 February pass the pattern but name no day.
  const at = Date.parse(airDate)
  if (Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== airDate) return null
  const digits = token.slice(1)
  const trimmed = title?.endsWith(digits) ? title.slice(0, -digits.length).trim() : title
  return { airDate, title: trimmed || null }
}

/**
 * A decimal in a spaced name (`Film 2.22 1080p`) that the base parser split into a title and an
 * episode: the decimal is the title's, and there is no episode. Null when that is not what happened.
 */
export function decimalInTitle(name: string, found: EpisodeNumbers): { title: string } | null {
  if (found.seasons.length > 0 || found.episodes.length !== 1 || !name.includes(' ')) return null
  const match = SPACED_DECIMAL.exec(name)
  if (!match || Number(match[1]) !== found.episodes[0]) return null
  return { title: name.slice(0, match.index + match[0].length).trim() }
}

/**
 * A number opening the title (`12 Angry Jurors`, `7 Psychos.mkv`) that the base parser also read
 * as the episode: the title's, not an episode. A numbered file (`01 - Pilot.mkv`, `02 The
 * Invitation.mp4`) pads its number or sets it off with a dash, and keeps it.
 */
export function isLeadingTitleNumber(name: string, title: string | null, found: EpisodeNumbers): boolean {
  if (found.seasons.length > 0 || found.episodes.length !== 1 || title === null) return false
  // A zero-padded number (`02 The Invitation.mp4`) numbers a file.
  const match = /^([1-9]\d{0,2})[ ._]+[a-z]/i.exec(name)
  return match !== null && Number(match[1]) === found.episodes[0] && title.startsWith(match[1]!)
}

/**
 * The title without the episode number the layer found in it (`One Piece 1098`, `Show - 01v2-04`,
 * `Show #01v2 - Episode Title`, `Show Ep 2`, `Show Part 2`): the number, and all after it, is the episode's.
 * The last such number is cut, and only when a title is left (`91 Days` stays).
 */
// The words before an episode's number, left at the end of a title when the base parser took the number.
const NUMBER_WORDS = 'ep(?:isode)?|part|pt|afl(?:evering)?|folge|cap(?:[ií]tulo)?'
const TRAILING_NUMBER_WORD = new RegExp(`[ ._-]+(?:${NUMBER_WORDS}|#)?$`, 'i')

export function titleWithoutEpisode(title: string, episode: number): string {
  const number = new RegExp(`(?:[ ._-]*-)?[ ._]*(?:(?:${NUMBER_WORDS})[ ._]*|#)?(?<![0-9])0*${episode}(?:v\\d+)?(?![0-9])`, 'gi')
  let cut = -1
  for (const match of title.matchAll(number)) if (match.index > 0) cut = match.index
  const kept = cut < 0 ? title : title.slice(0, cut).trim()
  return kept === '' ? title : kept.replace(TRAILING_NUMBER_WORD, '')
}

export function isFilmSet(name: string): boolean {
  return FILM_SET.test(name)
}
