/**
 * Corrections to the base parser's season and episode numbers, each for a naming habit it misreads:
 * - `Ep 107`, `Ep#36`, `#01v2`, `E1234`, `afl.18`, `Folge 3`, `Part Two` (fansub, anime, long-running and
 *   non-English naming) and `2016x01` (seasons by year) give no episode;
 * - `5of6`, `2 Of 4`, `3iz6` (documentary parts) come back as the range 1..5 instead of part 5;
 * - `[Group] One Piece 1098 VOSTFR` (fansub absolute numbering with no dash) gives nothing;
 * - scene numbering without `SxxEyy` (`show.name.104.hdtv` is S01E04, `Show.Name.1012` S10E12);
 * - a bare number after the title of a TV or fansub release (`Show.Name.07.PDTV`, `Show 63 [ABCD1234]`);
 * - multi-episode names (`S01E02.S01E03`, `1x02-1x03-1x04`, `S01E01-S01E04`) give the first only.
 * Each of these rules reads a bare number, so none may take one that is something else: a codec's
 * or a bitrate's (`H.264`, `MP3.320`), a version's (`6.05.1`), a frame size (`1920x800`), an air
 * date's day, a title's (`[Group] 91 Days`), an event's, or a book's or album's (no video marker).
 */
import { SEASON_WORDS } from './season-words'

export interface EpisodeNumbers {
  seasons: number[]
  episodes: number[]
}

const EPISODE_WORD =
  /(?:^|[^a-z])(?:ep(?:isode)?|afl(?:evering)?|folge|odcinek|jakso|avsnitt|epis[oó]dio|cap[ií]tulo)[ ._#-]*(\d{1,4})(?:v\d)?(?![0-9pi])|(?:^|[ ._[(-])(?:e|#)(\d{1,4})(?:v\d)?(?![0-9a-z])/i
// A part number never follows a range dash: `01-08 of 16` is episodes 1 to 8 of a 16-episode season.
const PART_OF = /(?<![0-9-])(\d{1,2})[ ._]?(?:of|iz)[ ._]?(\d{1,2})(?![0-9])/i

// Fansub numbering: `Title - 07`, `Title - 01v2-04` (a range), with or without a leading `[Group]`
// tag; a year or an alternative title in parentheses may sit in the title. Without the ` - `, a
// number after a `[Group]` tag and a title is the episode where the title plainly ends: at the end,
// before a bracket or the extension, or before a fansub tag (`[Group] Show 07 [720p]`, `One Piece
// 1098 VOSTFR`), or anywhere in the name of one video file (`[Group] Show 14 Title.mp4`);
// `[Group] 91 Days`, `Mob Psycho 100 II [BD]` and `Vol.01` keep their numbers in the title.
const FANSUB_NUMBER = '(?<!vol(?:ume)?\\.?[ ._]?)(\\d{2,4})(?:\\.5)?(?:v\\d)?(?:-(\\d{2,4})(?:v\\d)?)?'
const FANSUB_DASHED = new RegExp(
  `^(?:\\[[^\\]]+\\])?(?:[^[(]|\\([^)]*\\))+?[ ._]-[ ._]${FANSUB_NUMBER}(?=[ ._[(]|$)(?![ ._]?(?:p|i)\\b)`,
  'i',
)
const FANSUB_TAGGED = new RegExp(
  `^\\[[^\\]]+\\][ ._]*[^[( ._](?:[^[(]|\\([^)]*\\))*?[ ._]${FANSUB_NUMBER}(?=[ ._]*(?:$|[[(]|\\.[a-z0-9]{2,4}$|(?:vostfr|vf|multi|raw|end|final|\\d{3,4}p)(?![a-z0-9])|.*\\.(?:mkv|mp4|avi)$))`,
  'i',
)
// `2016x01`: seasons numbered by year, as daily and yearly shows are; a frame size (`1920x800`) is not one.
const YEAR_SEASON = /(?:^|[^0-9a-z])((?:19[3-9]|20[0-3])\d)x(\d{1,3})(?![0-9])/i
const MOST_YEAR_SEASON_EPISODES = 400
const FANSUB_DASH = /[ ._]-[ ._]/
// `Part.4`, `Pt.VI`, `Part Two` of a video release without a year: an episode (a film's `Part 2`
// has its year, or says it is a film).
const PART_EPISODE = /(?:^|[^a-z])(?:part|pt)[ ._-]?(\d{1,2}|[ivx]{1,4}|one|two|three|four|five|six|seven|eight|nine|ten)(?![0-9a-z])/i
const ROMAN: Record<string, number> = { i: 1, v: 5, x: 10 }
// `Title Movie Part 1`: the part of a film.
const FILM_WORD = /(?:^|[^a-z])(?:movie|film)(?:[^a-z]|$)/i
const NUMBER_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten']

// Words a number after them belongs to, never an episode: codecs and audio (`H.264`, `x 265`,
// `MP3.320`, `AC3.448`), a version (`v1.101`) and a season word (`Staffel.01`).
const NUMBERED_WORD = `(?:[hx]|mp[23]|aac|e?ac3|dts|ddp?|flac|ogg|opus|wma|l?pcm|truehd|v\\d+|${SEASON_WORDS})`
// `Title.104.HDTV`, `Title.1012.720p`, `Title.0706.`, `Title.2005.211` (a year in the title): a
// dotted 3-4 digit number between title and the release's technical words is the scene's SSEE
// form; not a version (`Firefox.115.0.2`). Spaced (`Title 416 HDTV`) only on a TV source, and
// never after a fansub tag, whose numbers are absolute (`[Group] Title 1012 [720p]`).
const SCENE_NUMBER = /([a-z][a-z0-9']*|(?:19|20)\d\d)\.(\d{3,4})(?:\.(?!\d+(?:\.|$))|-|$)/i
const SPACED_SCENE_NUMBER = /([a-z][a-z0-9']*)[ _](\d{3,4})[ _]/i
const NOT_SCENE_WORD = new RegExp(`^(?:${NUMBERED_WORD}|ep(?:isode)?|folge|afl(?:evering)?)$`, 'i')
// A scene season rarely runs past this many episodes; `One.Piece.1071` is an absolute number.
const MOST_SCENE_EPISODES = 40
// A bare number closing the title of a TV, fansub or CRC-tagged release: the first after a letter
// and before any `[` or `(`, found by trailingNumber; not part of a dotted version or date (`6.05.1`).
const TRAILING_NUMBER = new RegExp(
  `(?<!(?:^|[^a-z0-9])${NUMBERED_WORD}|[0-9])[ ._-](\\d{2,4})(?:v\\d)?(?:[ _]|\\.(?!\\d+(?![0-9a-z]))|-(?!\\d)|$)`,
  'gi',
)
// Books, comics, magazines and music: their numbers are volumes, issues, track counts or bit depths.
const NOT_VIDEO =
  /(?:^|[^a-z0-9])(?:epub|mobi|azw3?|pdf|cbr|cbz|djvu|fb2|flac|m4b|audiobooks?|unabridged|kbps|magazine|24[ -]?bit|24-(?:44|48|88|96|192))(?:[^a-z0-9]|$)/i
// `SxxEyy` or `NxNN` anywhere in the name.
const HAS_EPISODE_MARK = /(?:^|[^a-z0-9])(?:s\d{1,2}[ ._-]?e\d|\d{1,2}x\d{2,3}(?![0-9]))/i

const FIRST_LETTER = /[a-z]/i
const EVENT_NUMBERING = /(?:^|[^a-z])(?:ufc|bellator|wwe|ppv|fight[ ._-]night|event)(?:[^a-z]|$)/i
const TV_SOURCE = /(?:^|[^a-z0-9])(?:a?hdtv|pdtv|sdtv|dsr|dsrip|tvrip|satrip|dvbrip|hdtvmux|vostfr|fastsub)(?:[^a-z0-9]|$)/i
const CRC_TAG = /\[[0-9a-f]{8}\]/i

// Every `SxxEyy` / `NxNN` in the name, with the chains that continue one (`E02E03`, `E02-E03`, `-03`, `-1x04`).
const EPISODE_MARK =
  /(?:^|[^a-z0-9])s(\d{1,2})[ ._-]?e(\d{1,4})((?:[ ._-]?-?[ ._-]?e\d{1,4})*)|(?:^|[^a-z0-9])(\d{1,2})x(\d{2,3})(?![0-9])/gi
// A second episode mark or a range after the first; most names have neither (hot path).
const MULTI_HINT = /(?:e\d{1,4}|\dx\d{2,3})(?:[ ._]?-|[ ._-]?(?:e\d|s\d{1,2}e|\d{1,2}x\d))|(?:e|x)\d{1,4}\.\d{1,4}(?![0-9p])/i
// `-E03`, `-x03`, `-03`, `-1x03`, `-S01E03`; spaced (` - 42`) only with its mark, since a bare
// number after ` - ` begins the episode's title (`S03E05 - 42 Days`).
const RANGE_TO = /^(?:[._]?-[._]?(?:s(\d{1,2})e|(\d{1,2})x|e|x)?|[ ._]?-[ ._]?(?:s(\d{1,2})e|(\d{1,2})x|e|x))(\d{1,4})(?![0-9p])/i

/**
 * The longest range believed (a long-running anime's whole run, `0001-1071`); past it a range is
 * a typo or a hostile name (`01-9999` would store ten thousand numbers), and only its first counts.
 */
const MOST_EPISODES = 2000

/** What else the name says, which decides whether a bare number can be an episode. */
export interface NameContext {
  year: number | null
  /** The name dates the episode (`Show.2023.10.15`): a number in its title (`60.Minutes`) or the date's day is none. */
  hasAirDate: boolean
  /** A resolution, video codec or video source: `FLAC` or `24-96` then names a soundtrack, not an album. */
  isVideo: boolean
}

export function correctEpisodes(name: string, context: NameContext, found: EpisodeNumbers): EpisodeNumbers {
  const { year } = context
  if (found.episodes.length > MOST_EPISODES) return { seasons: found.seasons, episodes: found.episodes.slice(0, 1) }
  if (found.episodes.length === 0) return findMissingEpisodes(name, context, found.seasons)
  // `5of6` comes back as the range 1..5; only such a range is looked at again.
  const part = found.episodes[0] === 1 && found.episodes.length > 1 ? PART_OF.exec(name) : null
  if (part && isRangeUpTo(found.episodes, Number(part[1])) && Number(part[1]) <= Number(part[2]))
    return { seasons: found.seasons, episodes: [Number(part[1])] }
  if (found.seasons.length === 0 && !HAS_EPISODE_MARK.test(name) && !EPISODE_WORD.test(name)) {
    // A bare number the base parser took for an episode: not when it numbers a dated show, an
    // event (`UFC.Fight.Night.225`), or a book's or an album's name (`Adele - 21 [FLAC]`).
    if (context.hasAirDate || EVENT_NUMBERING.test(name) || isNotVideo(name, context)) return { seasons: [], episodes: [] }
    // A second year (`Title (premiere 2018)(2016/1080p)`) is no episode either.
    if (found.episodes.length === 1 && isYear(found.episodes[0]!, year)) return { seasons: [], episodes: [] }
    const scene = context.isVideo ? sceneNumber(name, year) : null
    if (scene && found.episodes.length === 1 && found.episodes[0] === scene.number) return scene.numbers
  }
  return MULTI_HINT.test(name) ? { seasons: found.seasons, episodes: withMultiEpisodes(name, found) } : found
}

/** The name states a season and episode (`S01E02`, `1x02`). */
export function hasEpisodeMark(name: string): boolean {
  return HAS_EPISODE_MARK.test(name)
}

function isNotVideo(name: string, context: NameContext): boolean {
  return !context.isVideo && NOT_VIDEO.test(name)
}

function findMissingEpisodes(name: string, context: NameContext, seasons: number[]): EpisodeNumbers {
  const { year } = context
  if (isNotVideo(name, context)) return { seasons, episodes: [] }
  const word = EPISODE_WORD.exec(name)
  const wordNumber = Number(word?.[1] ?? word?.[2])
  if (word && wordNumber > 0 && !isYear(wordNumber, year)) return { seasons, episodes: [wordNumber] }
  if (context.hasAirDate) return { seasons, episodes: [] }
  const yearSeason = seasons.length === 0 ? YEAR_SEASON.exec(name) : null
  if (yearSeason && Number(yearSeason[2]) < MOST_YEAR_SEASON_EPISODES)
    return { seasons: [Number(yearSeason[1])], episodes: [Number(yearSeason[2])] }
  // Fight cards and events are numbered too (`UFC.239`, `Fight Night 158`): not episodes.
  if (EVENT_NUMBERING.test(name)) return { seasons, episodes: [] }
  // Scene numbering, parts and trailing numbers are read only without a year (a film's name has one).
  // A game's or a program's number (`Anno.1404`) is no scene number: that needs a video release.
  if (seasons.length === 0 && year === null && context.isVideo) {
    const scene = sceneNumber(name, year)
    if (scene) return scene.numbers
  }
  // Fansub numbering needs a leading [Group] tag or a ` - ` before the number (a cheap test first: hot path).
  const absolute = (FANSUB_DASH.test(name) ? FANSUB_DASHED.exec(name) : null) ?? (name.startsWith('[') ? FANSUB_TAGGED.exec(name) : null)
  if (absolute && !isYear(Number(absolute[1]), year)) return { seasons, episodes: numberRange(Number(absolute[1]), Number(absolute[2])) }
  if (year !== null) return { seasons, episodes: [] }
  const part = PART_EPISODE.exec(name)
  if (part && (context.isVideo || TV_SOURCE.test(name)) && !FILM_WORD.test(name)) return { seasons, episodes: [romanOrNumber(part[1]!)] }
  const trailing = trailingNumber(name)
  if (trailing && (TV_SOURCE.test(name) || CRC_TAG.test(name) || trailing.startsWith('0'))) {
    const number = Number(trailing)
    if (!isYear(number, year) && number > 0) return { seasons, episodes: [number] }
  }
  return { seasons, episodes: [] }
}

/**
 * The digits of the first number after the name's first letter and before any `[` or `(`. One
 * pattern anchored at the start with two lazy runs said the same, but backtracked through every
 * split of the name (4.8 us a name, bench/classify.ts).
 */
function trailingNumber(name: string): string | null {
  const letter = FIRST_LETTER.exec(name)?.index ?? -1
  const bracket = name.search(/[[(]/)
  const end = bracket < 0 ? name.length : bracket
  if (letter < 0 || letter >= end) return null
  TRAILING_NUMBER.lastIndex = letter + 1
  const match = TRAILING_NUMBER.exec(name)
  return match && match.index < end ? match[1]! : null
}

/** `104` -> S01E04 and `1012` -> S10E12, when the number is neither a year nor a resolution. */
function sceneNumber(name: string, year: number | null): { number: number; numbers: EpisodeNumbers } | null {
  const match = SCENE_NUMBER.exec(name) ?? (!name.startsWith('[') && TV_SOURCE.test(name) ? SPACED_SCENE_NUMBER.exec(name) : null)
  if (!match || NOT_SCENE_WORD.test(match[1]!)) return null
  const digits = match[2]!
  const number = Number(digits)
  const rest = name.slice(match.index + match[0].length)
  if (isYear(number, year) || /^[pi](?:[^a-z0-9]|$)/i.test(rest) || [480, 576, 720, 1080, 2160].includes(number)) return null
  const season = Math.floor(number / 100)
  const episode = number % 100
  if (season === 0 || episode === 0 || episode > MOST_SCENE_EPISODES) return null
  return { number, numbers: { seasons: [season], episodes: [episode] } }
}

/** Episodes named after the first one in the same season, and ranges, joined to what was found. */
function withMultiEpisodes(name: string, found: EpisodeNumbers): number[] {
  if (found.seasons.length !== 1) return found.episodes
  const season = found.seasons[0]!
  const episodes = new Set(found.episodes)
  for (const mark of name.matchAll(EPISODE_MARK)) {
    const markSeason = Number(mark[1] ?? mark[4])
    if (markSeason !== season) continue
    const first = Number(mark[2] ?? mark[5])
    episodes.add(first)
    for (const chained of (mark[3] ?? '').matchAll(/e(\d{1,4})/gi)) episodes.add(Number(chained[1]))
    const range = RANGE_TO.exec(name.slice(mark.index + mark[0].length))
    const rangeSeason = range?.[1] ?? range?.[2] ?? range?.[3] ?? range?.[4]
    if (range && (rangeSeason === undefined || Number(rangeSeason) === season)) {
      const last = Number(range[5])
      if (last > first && last - first <= 100) for (let episode = first; episode <= last; episode++) episodes.add(episode)
    }
  }
  return episodes.size === found.episodes.length ? found.episodes : [...episodes].sort((a, b) => a - b)
}

/** `first`, or `first..last` when the name gives a range. */
function numberRange(first: number, last: number): number[] {
  if (!(last > first && last - first <= 100)) return [first]
  return Array.from({ length: last - first + 1 }, (_, i) => first + i)
}

function romanOrNumber(text: string): number {
  if (/^\d+$/.test(text)) return Number(text)
  const word = NUMBER_WORDS.indexOf(text.toLowerCase())
  if (word >= 0) return word + 1
  const digits = [...text.toLowerCase()].map((letter) => ROMAN[letter]!)
  return digits.reduce((sum, digit, i) => sum + (digit < (digits[i + 1] ?? 0) ? -digit : digit), 0)
}

function isYear(number: number, year: number | null): boolean {
  return number === year || (number >= 1900 && number <= 2099)
}

function isRangeUpTo(episodes: number[], last: number): boolean {
  return episodes.length === last && episodes.every((episode, i) => episode === i + 1)
}
