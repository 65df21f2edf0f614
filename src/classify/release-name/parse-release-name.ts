import { type ParsedResult, parseTorrentTitle } from '@viren070/parse-torrent-title'
import type { ParsedRelease } from '../model'
import { cleanReleaseName } from './clean-name'
import { toEditions } from './editions'
import { correctEpisodes, hasEpisodeMark } from './episodes'
import { toLanguages } from './languages'
import { correctReleaseGroup } from './release-group'
import { episodeOfNumberedFile, isObfuscated, type PathName, seasonOfFolder, splitPath } from './paths'
import { SEASON_WORDS } from './season-words'
import { decimalInTitle, isFilmSet, isLeadingTitleNumber, readShortAirDate, titleWithoutEpisode } from './title-numbers'
import { readSource, toAudioChannels, toResolution, toVideo3d, toVideoCodec } from './video-attributes'

/**
 * Parses a release name. `@viren070/parse-torrent-title` (MIT; a port of go-ptt, itself of the
 * PTT lineage) does the heavy lifting; this layer maps its output onto our enums and corrects
 * what it gets wrong.
 */
export function parseReleaseName(original: string): ParsedRelease {
  const name = cleanReleaseName(original)
  // Almost every name is a plain name: no path object for it (hot path).
  if (!name.includes('/') && !name.includes('\\')) return withSeasonName(parseFileName(name), name)
  const path = splitPath(name)
  const release = parseFileName(path.file)
  return path.folders.length > 0 ? withFolders(release, path) : withSeasonName(release, name)
}

function parseFileName(name: string): ParsedRelease {
  const parsed = readBase(name)
  const { source, modifiers } = readSource(parsed.quality, name)
  const year = parseYear(parsed.year)
  let title = parsed.title?.trim() || null
  let found = { seasons: parsed.seasons ?? [], episodes: parsed.episodes ?? [] }
  const resolution = toResolution(parsed.resolution)
  const videoCodec = toVideoCodec(parsed.codec, name)
  const isVideo = resolution !== null || videoCodec !== null || source !== null
  let airDate = parsed.date ?? null
  // A daily show's six-digit date stands instead of a year (hot path: most films have one).
  if (airDate === null && year === null && isVideo && found.seasons.length + found.episodes.length === 0) {
    const short = readShortAirDate(name, title)
    if (short) ({ airDate, title } = short)
  }
  const decimal = decimalInTitle(name, found)
  if (decimal) {
    title = decimal.title
    found = { seasons: [], episodes: [] }
  } else if (isLeadingTitleNumber(name, title, found)) found = { seasons: [], episodes: [] }
  const corrected = correctEpisodes(name, { year, hasAirDate: airDate !== null, isVideo }, found)
  const { seasons } = corrected
  // A set of films numbers its films (`Saga Trilogy 1-3`), not episodes; a season mark says otherwise.
  const episodes = seasons.length === 0 && corrected.episodes.length > 0 && !decimal && isFilmSet(name) ? [] : corrected.episodes
  // An episode the base parser missed is still in its title (`One Piece 1098`).
  if (found.episodes.length === 0 && episodes.length > 0 && title !== null) title = titleWithoutEpisode(title, episodes[0]!)
  return {
    title,
    year,
    seasons,
    episodes,
    airDate,
    isComplete: parsed.complete === true,
    resolution,
    source,
    modifiers,
    videoCodec,
    video3d: toVideo3d(parsed.threeD),
    hdr: parsed.hdr?.filter((value) => value !== 'SDR') ?? [],
    audioCodecs: parsed.audio ?? [],
    audioChannels: toAudioChannels(parsed.channels),
    languages: toLanguages(parsed.languages, name, title, readLanguages),
    releaseGroup: correctReleaseGroup(parsed.group, name, title),
    editions: toEditions(parsed),
  }
}

// Season marks the base parser misses, each rewritten as `S<n>` for a second reading: a season
// word in another language (`Staffel.1`) and, in a name without a year (a film's has one), Dutch
// `Se.3` before its `afl.` and a disc of a season (`S07D1`, `S07.Disc.2`). A plain class rather
// than `\p{L}` with the `u` flag: these run on every name without a season.
const SEASON_IN_NAME = new RegExp(`(^|[^a-z\\u00c0-\\u024f])(?:${SEASON_WORDS})[ ._-]?(\\d{1,2})(?![0-9])`, 'i')
const SEASON_ABBREVIATED = /(^|[^a-z\u00c0-\u024f])(?:se\.?[ ]?(\d{1,2})(?=[ ._-]+afl)|s(\d{1,2})(?=[ ._-]?d(?:is[ck])?[ ._-]?\d))/i
// `2nd Season 24`: the base parser reads season 24, and leaves `2nd` closing the title.
const ORDINAL_SEASON = /(^|[^a-z0-9])(\d{1,2})(?:st|nd|rd|th)[ ._-]season(?![a-z])/i
const ORDINAL_CLOSING = /\d(?:st|nd|rd|th)$/i

/**
 * The base parser's reading. It misses some season marks and reads them into the title with what
 * follows (`Show.Staffel.1.German.DL` has the title `Show Staffel 1 German DL` and no language;
 * `Se.3` is taken for Swedish), so such a name is read again with the season written `S1`: a
 * second parse, for names with such a mark only.
 */
function readBase(name: string): ParsedResult {
  const parsed = parseTorrentTitle(name)
  if (parsed.seasons?.length) {
    // Written `S2 24`, `2nd Season 24` is season 2's episode 24.
    const ordinal = parsed.title && ORDINAL_CLOSING.test(parsed.title) ? ORDINAL_SEASON.exec(name) : null
    return ordinal ? reread(name, ordinal, ordinal[2]!) : parsed
  }
  const word = SEASON_IN_NAME.exec(name)
  const mark = word ?? (parsed.year ? null : SEASON_ABBREVIATED.exec(name))
  // A name that is only the season word (`Staffel 1`, a season folder) has no title to free.
  if (!mark || mark.index === 0) return parsed
  return reread(name, mark, (mark[2] ?? mark[3])!)
}

/** The name read again with the season `mark` written `S<season>`. */
function reread(name: string, mark: RegExpExecArray, season: string): ParsedResult {
  return parseTorrentTitle(`${name.slice(0, mark.index)}${mark[1]}S${season} ${name.slice(mark.index + mark[0].length)}`)
}

/** The languages the base parser finds in a text. */
function readLanguages(text: string): string[] | undefined {
  return parseTorrentTitle(text).languages
}

/** A bare season folder's name (`Staffel 1`, `Säsong 2`) is a season on its own. */
function withSeasonName(release: ParsedRelease, name: string): ParsedRelease {
  // A season folder's name is short (`Staffel 7 (2016)`); a release name rarely is (hot path).
  const season = name.length <= 32 ? seasonOfFolder(name) : null
  return season === null ? release : { ...release, seasons: [season] }
}

/**
 * A file inside folders: a season folder gives the season, and a file numbered inside a season
 * or show folder (`Season 2/02 - Title.avi`, `The Simpsons/12.avi`) is that episode of the show
 * the nearest other folder names. What the file leaves out of its season or quality (resolution, source,
 * codec, languages) the release folder may say.
 */
function withFolders(release: ParsedRelease, path: PathName): ParsedRelease {
  // The last part may itself be a season folder (`/Drive/Staffel 1`), which then names the season.
  const fileSeason = seasonOfFolder(path.file)
  if (fileSeason !== null) return { ...release, seasons: [fileSeason] }
  const folderSeasons = path.folders.map(seasonOfFolder)
  const season = folderSeasons.find((folderSeason) => folderSeason !== null) ?? null
  const showFolder = path.folders.find((_, i) => folderSeasons[i] === null)
  const folder = showFolder === undefined ? null : parseFileName(showFolder)
  // An obfuscated file (`Show.S01E02.720p-GRP/3f9a8b7c….mkv`) says nothing: its release folder names it all.
  if (folder && isObfuscated(path.file)) return season !== null && folder.seasons.length === 0 ? { ...folder, seasons: [season] } : folder
  const showTitle = folder?.title ?? null
  const fileTitle = release.title ?? ''
  // A film's folder (`1408 (2007)/1408.mkv`: a year, no season folder) numbers no episode, and the
  // number the base parser read there as one is the film's title (isFilmFile).
  // A set of films' folder (`Saga Trilogy/Saga 2.mkv`) numbers films, not episodes.
  const isNumbered =
    release.year === null &&
    (season !== null || (!folder?.year && !isFilmSet(showFolder!))) &&
    (/^\d+$/.test(fileTitle) || (season !== null && /^\d/.test(path.file)) || (showTitle !== null && isNumberedTitle(fileTitle, showTitle)))
  const isFilmFile = season === null && !!folder?.year && /^\d+$/.test(fileTitle)
  // A file that states its own season and episode keeps them (`30 Rock/Season 1/30 Rock - S01E01`).
  const numbered = isNumbered && !hasEpisodeMark(path.file) ? episodeOfNumberedFile(path.file) : null
  return {
    ...release,
    resolution: release.resolution ?? folder?.resolution ?? null,
    source: release.source ?? folder?.source ?? null,
    videoCodec: release.videoCodec ?? folder?.videoCodec ?? null,
    languages: release.languages.length > 0 ? release.languages : (folder?.languages ?? []),
    title: isNumbered || !release.title ? (showTitle ?? release.title) : release.title,
    seasons: release.seasons.length > 0 ? release.seasons : season !== null ? [season] : (folder?.seasons ?? []),
    episodes: numbered !== null && (season !== null || release.episodes.length === 0) ? [numbered] : isFilmFile ? [] : release.episodes,
  }
}

/** `Show Name 05` in the folder `Show Name`; not `7 Psychos` in `7 Psychos` (a film in its own folder). */
function isNumberedTitle(fileTitle: string, showTitle: string): boolean {
  const unnumbered = fileTitle.replace(/[ ._-]+\d+$/, '')
  return unnumbered !== fileTitle && sameTitle(unnumbered, showTitle)
}

function sameTitle(a: string, b: string): boolean {
  return comparableTitle(a) === comparableTitle(b)
}

function comparableTitle(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/** `1999`, or the first year of a span such as `1967-2014`. */
function parseYear(year: string | undefined): number | null {
  const value = Number(/^\d{4}/.exec(year ?? '')?.[0])
  return value >= 1890 && value <= 2100 ? value : null
}
