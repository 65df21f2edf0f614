/** The Torznab categories a classification files a torrent under (the ids: src/vocabulary). */
import type { ContentType } from '../vocabulary'
import type { ParsedRelease } from './model'

/**
 * The categories of a classified torrent: always a parent, plus the sub-categories that apply.
 * Sub-categories beyond quality come from tags the rules set (`anime`, `sport`, `documentary`,
 * `console` with its platform, `lossless`, `music-video`), so an operator sees, and can override,
 * what chose them. A PC game is PC/Games (4050), a console game its platform's child of Console.
 * Video without a resolution tag is SD: scene names leave the resolution out only for SD
 * releases (`Show.S01E01.HDTV.x264-GRP`), and Sonarr reads them the same way. A search for a
 * content type walks its categoryRangesOf (src/vocabulary); tests/classify/categories.test.ts
 * checks the two agree.
 */
export function categoriesFor(contentType: ContentType, parsed: ParsedRelease, tags: ReadonlySet<string>): number[] {
  switch (contentType) {
    case 'movie':
      return [2000, movieSubcategory(parsed)]
    case 'tv_show':
      return [5000, ...tvSubcategories(parsed, tags)]
    case 'music':
      return [3000, tags.has('music-video') ? 3020 : tags.has('lossless') ? 3040 : 3010]
    case 'audiobook':
      return [3000, 3030]
    case 'ebook':
      return [7000, 7020]
    case 'comic':
      return [7000, 7030]
    case 'software':
      return [4000]
    case 'game':
      return [tags.has('console') ? consoleSubcategory(tags) : 4050]
    case 'xxx':
      return [6000]
    case 'other':
      return [8000]
  }
}

/** The platform tags of console games (console-platform.ts), each with its Newznab console id. */
const CONSOLE_PLATFORMS: [tag: string, category: number][] = [
  ['nds', 1010],
  ['psp', 1020],
  ['wii', 1030],
  ['xbox', 1040],
  ['xbox-360', 1050],
  ['ps3', 1080],
  ['3ds', 1110],
  ['ps-vita', 1120],
  ['wii-u', 1130],
  ['xbox-one', 1140],
  ['ps4', 1180],
]

/** A console game's platform category; a platform without one of its own (Switch, PS5) or none named is Console/Other. */
function consoleSubcategory(tags: ReadonlySet<string>): number {
  return CONSOLE_PLATFORMS.find(([tag]) => tags.has(tag))?.[1] ?? 1090
}

function movieSubcategory(parsed: ParsedRelease): number {
  if (parsed.video3d) return 2060
  if (parsed.modifiers.includes('brdisk') || parsed.modifiers.includes('remux')) return 2050
  return videoQualityTier(parsed, { sd: 2030, hd: 2040, uhd: 2045 })
}

function tvSubcategories(parsed: ParsedRelease, tags: ReadonlySet<string>): number[] {
  const quality = videoQualityTier(parsed, { sd: 5030, hd: 5040, uhd: 5045 })
  if (tags.has('sport')) return [5060, quality]
  if (tags.has('anime')) return [5070, quality]
  if (tags.has('documentary')) return [5080, quality]
  return [quality]
}

function videoQualityTier(parsed: ParsedRelease, ids: { sd: number; hd: number; uhd: number }): number {
  switch (parsed.resolution) {
    case 'v2160p':
    case 'v4320p':
      return ids.uhd
    case 'v720p':
    case 'v1080p':
    case 'v1440p':
      return ids.hd
    default:
      return ids.sd
  }
}
