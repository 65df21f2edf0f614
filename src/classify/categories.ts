/**
 * Torznab categories: the standard Newznab ids and short names (Prowlarr maps by
 * "{parent}/{sub}" name first, so only standard names keep its mapping and ours in step; for
 * books that means 7010 Mags, 7020 EBook, 7030 Comics, 7040 Technical, not the spec's list).
 * Every id an item carries is declared here, and so in caps.
 */
import type { ContentType, ParsedRelease } from './model'

export interface TorznabCategory {
  id: number
  name: string
  subcategories: { id: number; name: string }[]
}

const sub = (id: number, name: string) => ({ id, name })

export const TORZNAB_CATEGORIES: TorznabCategory[] = [
  {
    id: 1000,
    name: 'Console',
    subcategories: [
      sub(1010, 'NDS'),
      sub(1020, 'PSP'),
      sub(1030, 'Wii'),
      sub(1040, 'XBox'),
      sub(1050, 'XBox 360'),
      sub(1080, 'PS3'),
      sub(1090, 'Other'),
      sub(1110, '3DS'),
      sub(1120, 'PS Vita'),
      sub(1130, 'WiiU'),
      sub(1140, 'XBox One'),
      sub(1180, 'PS4'),
    ],
  },
  {
    id: 2000,
    name: 'Movies',
    subcategories: [
      sub(2010, 'Foreign'),
      sub(2020, 'Other'),
      sub(2030, 'SD'),
      sub(2040, 'HD'),
      sub(2045, 'UHD'),
      sub(2050, 'BluRay'),
      sub(2060, '3D'),
    ],
  },
  {
    id: 3000,
    name: 'Audio',
    subcategories: [sub(3010, 'MP3'), sub(3020, 'Video'), sub(3030, 'Audiobook'), sub(3040, 'Lossless'), sub(3050, 'Other')],
  },
  // PC games are 4050, where Prowlarr and the *arr-style game tools look; software stays on 4000.
  { id: 4000, name: 'PC', subcategories: [sub(4050, 'Games')] },
  {
    id: 5000,
    name: 'TV',
    subcategories: [
      sub(5020, 'Foreign'),
      sub(5030, 'SD'),
      sub(5040, 'HD'),
      sub(5045, 'UHD'),
      sub(5050, 'Other'),
      sub(5060, 'Sport'),
      sub(5070, 'Anime'),
      sub(5080, 'Documentary'),
    ],
  },
  { id: 6000, name: 'XXX', subcategories: [] },
  {
    id: 7000,
    name: 'Books',
    subcategories: [
      sub(7010, 'Mags'),
      sub(7020, 'EBook'),
      sub(7030, 'Comics'),
      sub(7040, 'Technical'),
      sub(7050, 'Other'),
      sub(7060, 'Foreign'),
    ],
  },
  { id: 8000, name: 'Other', subcategories: [] },
]

const PARENT_BY_ID = new Map<number, number>(
  TORZNAB_CATEGORIES.flatMap((category) => [
    [category.id, category.id] as const,
    ...category.subcategories.map((subcategory) => [subcategory.id, category.id] as const),
  ]),
)

export function isKnownCategory(id: number): boolean {
  return PARENT_BY_ID.has(id)
}

export function parentCategoryOf(id: number): number | undefined {
  return PARENT_BY_ID.get(id)
}

/**
 * The categories of a classified torrent: always a parent, plus the sub-categories that apply.
 * Sub-categories beyond quality come from tags the rules set (`anime`, `sport`, `documentary`,
 * `console` with its platform, `lossless`, `music-video`), so an operator sees, and can override,
 * what chose them. A PC game is PC/Games (4050), a console game its platform's child of Console.
 * Video without a resolution tag is SD: scene names leave the resolution out only for SD
 * releases (`Show.S01E01.HDTV.x264-GRP`), and Sonarr reads them the same way.
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

/**
 * The categories `categoriesFor` can give a torrent of `contentType`, as ranges to search: every
 * torrent of that type carries one of them. `isExact` when no other type carries any of them, so
 * walking the ranges alone selects exactly that type (a search by content type then needs no
 * per-row check, and its count comes from the category keys). Kept beside categoriesFor so the
 * two change together; tests/classify/categories.test.ts checks one against the other.
 */
export function categoryRangesOf(contentType: ContentType): { categories: number[]; isExact: boolean } {
  switch (contentType) {
    case 'movie':
      return { categories: [2000], isExact: true }
    case 'tv_show':
      return { categories: [5000], isExact: true }
    case 'music':
      return { categories: [3010, 3020, 3040], isExact: true }
    case 'audiobook':
      return { categories: [3030], isExact: true }
    case 'ebook':
      return { categories: [7020], isExact: true }
    case 'comic':
      return { categories: [7030], isExact: true }
    case 'software':
      return { categories: [4000], isExact: false }
    case 'game':
      return { categories: [1000, 4050], isExact: true }
    case 'xxx':
      return { categories: [6000], isExact: true }
    case 'other':
      return { categories: [8000], isExact: true }
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
