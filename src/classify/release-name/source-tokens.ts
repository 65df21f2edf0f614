import type { VideoSource } from '../model'

/**
 * Source spellings the base parser does not know, tried in order when it found no source. Scene
 * and regional names glue them to the codec (`HDTVx264`) or a mux (`BDMux`, `DLMux`), so a token
 * may run into `x264`/`h264`/`xvid`/`mux`/`rip` but no other letter.
 */
const SOURCE_TOKENS: [RegExp, VideoSource][] = [
  [/hd[ ._-]?dvd(?:rip|mux)?/, 'hddvd'],
  [/bd(?:[ ._-]?(?:rip|remux))?(?:[ ._-]?mux)?|br[ ._-]?rip(?:[ ._-]?mux)?|bd(?:5|9|25|50|66|100)|uhd[ ._-]?bd/, 'bluray'],
  [/web[ ._-]?u?hd|(?:amazon|itunes|netflix|nf|amzn|hulu|dsnp)u?hd|web[ ._-]?dl(?:[ ._-]?hd)?/, 'webdl'],
  [/(?:web[ ._-]?)?dl[ ._-]?mux|web[ ._-]?(?:cap|mux)/, 'webrip'],
  [/a?hdtv(?:mux|rip)?|pdtv|sdtv|dsr(?:ip)?|dth(?:rip)?|dvb(?:rip)?|satrip|ppv(?:rip)?|tv[ ._-]?rip/, 'tv'],
  [/dvd(?:[ ._-]?(?:[59]|r|rip|mux))?|dvd[1-9]/, 'dvd'],
]
const COMPILED = SOURCE_TOKENS.map(
  ([token, source]) => [new RegExp(`(?:^|[^a-z0-9])(?:${token.source})(?:x264|h264|x265|xvid)?(?![a-z0-9])`, 'i'), source] as const,
)
// The base parser files `HD-DVD` and `HDDVDRip` under DVD; a high-definition disc is not one.
const HD_DVD = COMPILED[0]![0]

export function findSourceToken(name: string): VideoSource | null {
  for (const [pattern, source] of COMPILED) if (pattern.test(name)) return source
  return null
}

export function isHdDvd(name: string): boolean {
  return HD_DVD.test(name)
}
