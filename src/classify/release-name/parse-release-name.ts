import { parseTorrentTitle } from '@viren070/parse-torrent-title'
import type { ParsedRelease } from '../model'
import { toEditions } from './editions'
import { correctEpisodes } from './episodes'
import { afterTitle, toLanguages } from './languages'
import { correctReleaseGroup } from './release-group'
import { episodeOfNumberedFile, type PathName, seasonOfFolder, splitPath } from './paths'
import { readSource, toAudioChannels, toResolution, toVideo3d, toVideoCodec } from './video-attributes'

/**
 * Parses a release name. `@viren070/parse-torrent-title` (MIT; a port of go-ptt, itself of the
 * PTT lineage) does the heavy lifting; this layer maps its output onto our enums and corrects
 * what it gets wrong.
 */
export function parseReleaseName(name: string): ParsedRelease {
  // Almost every name is a plain name: no path object for it (hot path).
  if (!name.includes('/') && !name.includes('\\')) return withSeasonName(parseFileName(name), name)
  const path = splitPath(name)
  const release = parseFileName(path.file)
  return path.folders.length > 0 ? withFolders(release, path) : withSeasonName(release, name)
}

function parseFileName(name: string): ParsedRelease {
  const parsed = parseTorrentTitle(name)
  const { source, modifiers } = readSource(parsed.quality, name)
  const year = parseYear(parsed.year)
  const title = parsed.title?.trim() || null
  const { seasons, episodes } = correctEpisodes(name, year, { seasons: parsed.seasons ?? [], episodes: parsed.episodes ?? [] })
  return {
    title,
    year,
    seasons,
    episodes,
    airDate: parsed.date ?? null,
    isComplete: parsed.complete === true,
    resolution: toResolution(parsed.resolution),
    source,
    modifiers,
    videoCodec: toVideoCodec(parsed.codec, name),
    video3d: toVideo3d(parsed.threeD),
    hdr: parsed.hdr?.filter((value) => value !== 'SDR') ?? [],
    audioCodecs: parsed.audio ?? [],
    audioChannels: toAudioChannels(parsed.channels),
    languages: toLanguages(parsed.languages, name, title, () => parseTorrentTitle(afterTitle(name, title)).languages),
    releaseGroup: correctReleaseGroup(parsed.group, name, title),
    editions: toEditions(parsed),
  }
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
  const showTitle = folder?.title ?? null
  const fileTitle = release.title ?? ''
  const isNumbered =
    release.year === null &&
    (/^\d+$/.test(fileTitle) ||
      (season !== null && /^\d/.test(path.file)) ||
      (showTitle !== null && sameTitle(fileTitle.replace(/[ ._-]+\d+$/, ''), showTitle)))
  const numbered = isNumbered ? episodeOfNumberedFile(path.file) : null
  return {
    ...release,
    resolution: release.resolution ?? folder?.resolution ?? null,
    source: release.source ?? folder?.source ?? null,
    videoCodec: release.videoCodec ?? folder?.videoCodec ?? null,
    languages: release.languages.length > 0 ? release.languages : (folder?.languages ?? []),
    title: isNumbered || !release.title ? (showTitle ?? release.title) : release.title,
    seasons: release.seasons.length > 0 ? release.seasons : season !== null ? [season] : (folder?.seasons ?? []),
    episodes: numbered !== null && (season !== null || release.episodes.length === 0) ? [numbered] : release.episodes,
  }
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
