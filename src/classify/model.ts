/**
 * The classification vocabulary. Values are the spec's (lowercase, `v1080p`...), which is also
 * what the shared corpora use; GraphQL maps them to its enum names at its own edge. The content
 * types, which the dashboard speaks too, are src/vocabulary's.
 */

export const VIDEO_RESOLUTIONS = ['v360p', 'v480p', 'v540p', 'v576p', 'v720p', 'v1080p', 'v1440p', 'v2160p', 'v4320p'] as const
export type VideoResolution = (typeof VIDEO_RESOLUTIONS)[number]

export const VIDEO_SOURCES = ['cam', 'ts', 'tc', 'workprint', 'dvd', 'tv', 'webdl', 'webrip', 'bluray', 'vhs', 'hddvd'] as const
export type VideoSource = (typeof VIDEO_SOURCES)[number]

export const VIDEO_MODIFIERS = ['remux', 'brdisk', 'rawhd', 'screener', 'regional'] as const
export type VideoModifier = (typeof VIDEO_MODIFIERS)[number]

export const VIDEO_CODECS = ['h264', 'x264', 'h265', 'x265', 'av1', 'vp9', 'vc1', 'xvid', 'divx', 'mpeg2', 'mpeg4'] as const
export type VideoCodec = (typeof VIDEO_CODECS)[number]

export const VIDEO_3D = ['v3d', 'v3dsbs', 'v3dou'] as const
export type Video3D = (typeof VIDEO_3D)[number]

/** What a release name says, after our corrections; absent values are null or []. */
export interface ParsedRelease {
  title: string | null
  year: number | null
  seasons: number[]
  episodes: number[]
  /** YYYY-MM-DD for daily shows. */
  airDate: string | null
  /** A whole season, several seasons or a complete series rather than single episodes. */
  isComplete: boolean
  resolution: VideoResolution | null
  source: VideoSource | null
  modifiers: VideoModifier[]
  videoCodec: VideoCodec | null
  video3d: Video3D | null
  /** e.g. `HDR`, `HDR10+`, `DV`. */
  hdr: string[]
  audioCodecs: string[]
  /** e.g. `5.1`, `7.1`, `2.0`. */
  audioChannels: string | null
  /** ISO 639-1 codes, plus `multi`, `dual` and `original`. */
  languages: string[]
  releaseGroup: string | null
  /** proper, repack, extended, unrated, uncut, remastered, directors-cut, imax, ... */
  editions: string[]
}
