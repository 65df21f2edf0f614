/**
 * Torznab categories: the standard Newznab ids and short names (Prowlarr maps by
 * "{parent}/{sub}" name first, so only standard names keep its mapping and ours in step; for
 * books that means 7010 Mags, 7020 EBook, 7030 Comics, 7040 Technical, not the spec's list).
 * Every id an item carries is declared here, and so in caps.
 */
import type { ContentType } from './content-types'

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
 * The categories the classifier's `categoriesFor` (src/classify/categories.ts) can give a torrent
 * of `contentType`, as ranges to search: every torrent of that type carries one of them. The core
 * searches them for a content type, the dashboard puts them in a want's feed URL. `isExact` when
 * no other type carries any of them, so walking the ranges alone selects exactly that type (a
 * search by content type then needs no per-row check, and its count comes from the category keys).
 * tests/classify/categories.test.ts checks these against categoriesFor.
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

/** A category's full name as Prowlarr maps it: `Movies` for a parent, `Movies/HD` for a sub-category. */
export function torznabCategoryName(id: number): string | undefined {
  const parent = TORZNAB_CATEGORIES.find((category) => category.id === parentCategoryOf(id))
  if (!parent || parent.id === id) return parent?.name
  return `${parent.name}/${parent.subcategories.find((subcategory) => subcategory.id === id)!.name}`
}
