/**
 * Maps the base parser's free-text video attributes onto our enums, and finds the ones it does
 * not look for (workprint, full-disc and raw-HD releases, regional releases).
 */
import type { Video3D, VideoCodec, VideoModifier, VideoResolution, VideoSource } from '../model'
import { findSourceToken, isHdDvd } from './source-tokens'

const STANDARD_HEIGHTS: [number, VideoResolution][] = [
  [360, 'v360p'],
  [480, 'v480p'],
  [540, 'v540p'],
  [576, 'v576p'],
  [720, 'v720p'],
  [1080, 'v1080p'],
  [1440, 'v1440p'],
  [2160, 'v2160p'],
  [4320, 'v4320p'],
]

/**
 * `1080p`, `4k`, `8k`, `1920x1080`... A cropped height (`1048p` from 1920x1048) still means the
 * release's class: a height within 15 % under a standard one snaps up to it; any other
 * non-standard height falls to the standard just below it.
 */
export function toResolution(text: string | undefined): VideoResolution | null {
  if (!text) return null
  const lower = text.toLowerCase()
  if (lower === '4k' || lower === 'uhd') return 'v2160p'
  if (lower === '8k') return 'v4320p'
  if (lower === '2k') return 'v1440p'
  const height = Number(/^(\d{3,4})[pi]?$/.exec(lower)?.[1])
  if (!height) return null
  // `2048p` is a 2K width mistaken for a height: 2048x858 and the like are 1080p-class scans.
  if (height === 2048) return 'v1080p'
  let below: VideoResolution | null = null
  for (const [standard, resolution] of STANDARD_HEIGHTS) {
    if (height === standard || (height < standard && height >= standard * 0.85)) return resolution
    if (height > standard) below = resolution
  }
  return below
}

interface SourceReading {
  source: VideoSource | null
  modifiers: VideoModifier[]
}

const SOURCE_BY_QUALITY: Record<string, SourceReading> = {
  bluray: { source: 'bluray', modifiers: [] },
  'bluray remux': { source: 'bluray', modifiers: ['remux'] },
  remux: { source: 'bluray', modifiers: ['remux'] },
  bdrip: { source: 'bluray', modifiers: [] },
  brrip: { source: 'bluray', modifiers: [] },
  uhdrip: { source: 'bluray', modifiers: [] },
  'web-dl': { source: 'webdl', modifiers: [] },
  web: { source: 'webdl', modifiers: [] },
  webrip: { source: 'webrip', modifiers: [] },
  'web-dlrip': { source: 'webrip', modifiers: [] },
  webmux: { source: 'webrip', modifiers: [] },
  dlmux: { source: 'webrip', modifiers: [] },
  webcap: { source: 'webrip', modifiers: [] },
  bdmux: { source: 'bluray', modifiers: [] },
  hdtv: { source: 'tv', modifiers: [] },
  hdtvrip: { source: 'tv', modifiers: [] },
  tvrip: { source: 'tv', modifiers: [] },
  sdtv: { source: 'tv', modifiers: [] },
  pdtv: { source: 'tv', modifiers: [] },
  satrip: { source: 'tv', modifiers: [] },
  ppvrip: { source: 'tv', modifiers: [] },
  dvdrip: { source: 'dvd', modifiers: [] },
  dvd: { source: 'dvd', modifiers: [] },
  telesync: { source: 'ts', modifiers: [] },
  telecine: { source: 'tc', modifiers: [] },
  cam: { source: 'cam', modifiers: [] },
  vhsrip: { source: 'vhs', modifiers: [] },
  // A screener names no physical source on its own; `DVDScr` gives DVD below.
  scr: { source: null, modifiers: ['screener'] },
  // HDRip is re-encoded from anything (often a web or disc rip): no source can be told.
  hdrip: { source: null, modifiers: [] },
}

// Bare `WEB` (scene naming since 2020 for WEB-DL) and cam variants the base parser misses.
const WEB = /(?:^|[^a-z0-9])web(?:[^a-z0-9-]|$)/i
const CAM = /(?:^|[^a-z0-9])(?:hd)?cam(?:hd|rip)?(?:[^a-z0-9]|$)/i
// The base parser files a bare `VHS` under DVD; a tape is not a disc.
const VHS = /(?:^|[^a-z0-9])vhs(?:[^a-z0-9]|$)/i
const WORKPRINT = /(?:^|[^a-z0-9])(?:workprint|wp)(?:[^a-z0-9]|$)/i
const DVD_SCREENER = /dvd[ ._-]?scr(?:eener)?/i
const FULL_DISC =
  /(?:^|[^a-z0-9])(?:bd25|bd50|bd66|bd100|bdmv|complete[ ._-]+(?:uhd[ ._-]+)?blu-?ray|(?:uhd[ ._-]+)?blu-?ray[ ._-]+(?:complete|disc)|full[ ._-]?blu-?ray|avc[ ._-]+blu-?ray|blu-?ray[ ._-]+(?:avc|vc-?1|hevc)[ ._-])/i
const RAW_HD = /(?:^|[^a-z0-9])raw[ ._-]?hd(?:[^a-z0-9]|$)/i
const REGIONAL = /(?:^|[^a-z0-9])r[5-6](?:[^a-z0-9]|$)/i
const REMUX = /(?:^|[^a-z0-9])(?:bd)?remux(?:[^a-z0-9]|$)/i
// A letter run every one of the patterns above needs (screener, full disc, raw HD, R5/R6, remux).
const ANY_MARK = /scr|bd|blu|raw|r[56]|remux/i

/** Source and modifiers from the base parser's `quality` plus the name's own markers. */
export function readSource(quality: string | undefined, name: string): SourceReading {
  const known = quality ? SOURCE_BY_QUALITY[quality.toLowerCase()] : undefined
  let source = known?.source ?? null
  if (source === 'dvd' && VHS.test(name)) source = 'vhs'
  if (source === 'dvd' && isHdDvd(name)) source = 'hddvd'
  const modifiers = [...(known?.modifiers ?? [])]
  const add = (modifier: VideoModifier) => {
    if (!modifiers.includes(modifier)) modifiers.push(modifier)
  }
  // Most names carry none of the modifier marks: one scan for all of them first (hot path).
  const hasMark = ANY_MARK.test(name)
  if (hasMark && DVD_SCREENER.test(name)) {
    source ??= 'dvd'
    add('screener')
  }
  if (!source && WORKPRINT.test(name)) source = 'workprint'
  if (!source && CAM.test(name)) source = 'cam'
  if (!source && WEB.test(name)) source = 'webdl'
  source ??= findSourceToken(name)
  if (!hasMark) return { source, modifiers }
  if (REMUX.test(name)) add('remux')
  if (FULL_DISC.test(name)) {
    add('brdisk')
    source ??= 'bluray'
  }
  if (RAW_HD.test(name)) add('rawhd')
  if (REGIONAL.test(name)) add('regional')
  return { source, modifiers }
}

const CODEC_BY_NAME: Record<string, VideoCodec> = {
  x264: 'x264',
  h264: 'h264',
  avc: 'h264',
  x265: 'x265',
  h265: 'h265',
  hevc: 'h265',
  xvid: 'xvid',
  divx: 'divx',
  mpeg2: 'mpeg2',
  mpeg4: 'mpeg4',
  av1: 'av1',
  vp9: 'vp9',
  vc1: 'vc1',
}
const VC1 = /(?:^|[^a-z0-9])vc-?1(?:[^a-z0-9]|$)/i
const VP9 = /(?:^|[^a-z0-9])vp9(?:[^a-z0-9]|$)/i

export function toVideoCodec(codec: string | undefined, name: string): VideoCodec | null {
  const known = codec ? CODEC_BY_NAME[codec.toLowerCase().replace(/[^a-z0-9]/g, '')] : undefined
  if (known) return known
  if (VC1.test(name)) return 'vc1'
  if (VP9.test(name)) return 'vp9'
  return null
}

export function toVideo3d(threeD: string | undefined): Video3D | null {
  if (!threeD) return null
  const lower = threeD.toLowerCase()
  if (lower.includes('sbs')) return 'v3dsbs'
  if (lower.includes('ou')) return 'v3dou'
  return 'v3d'
}

/** `5.1`, `[2.0]`, `[2-0]` -> `5.1`, `2.0`; the first listed (the main track) wins. */
export function toAudioChannels(channels: string[] | undefined): string | null {
  const first = channels?.[0]
  if (!first) return null
  const match = /(\d)[.-](\d)/.exec(first)
  return match ? `${match[1]}.${match[2]}` : null
}
