import { parseTorrentTitle } from '@viren070/parse-torrent-title'
import type { ParsedRelease } from '../model'
import { toEditions } from './editions'
import { correctEpisodes } from './episodes'
import { toLanguages } from './languages'
import { readSource, toAudioChannels, toResolution, toVideo3d, toVideoCodec } from './video-attributes'

/**
 * Parses a release name. `@viren070/parse-torrent-title` (MIT; a port of go-ptt, itself of the
 * PTT lineage) does the heavy lifting; this layer maps its output onto our enums and corrects
 * what it gets wrong.
 */
export function parseReleaseName(name: string): ParsedRelease {
  const parsed = parseTorrentTitle(name)
  const { source, modifiers } = readSource(parsed.quality, name)
  return {
    title: parsed.title?.trim() || null,
    year: parseYear(parsed.year),
    seasons: parsed.seasons ?? [],
    episodes: correctEpisodes(name, parsed.episodes ?? []),
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
    languages: toLanguages(parsed.languages),
    releaseGroup: parsed.group ?? null,
    editions: toEditions(parsed),
  }
}

/** `1999`, or the first year of a span such as `1967-2014`. */
function parseYear(year: string | undefined): number | null {
  const value = Number(/^\d{4}/.exec(year ?? '')?.[0])
  return value >= 1890 && value <= 2100 ? value : null
}
