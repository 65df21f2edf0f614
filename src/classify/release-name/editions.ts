import type { ParsedResult } from '@viren070/parse-torrent-title'

const EDITION_BY_NAME: Record<string, string> = {
  'extended edition': 'extended',
  remastered: 'remastered',
  "director's cut": 'directors-cut',
  uncut: 'uncut',
  imax: 'imax',
  'anniversary edition': 'anniversary',
  'theatrical edition': 'theatrical',
  'collectors edition': 'collectors',
  'diamond edition': 'diamond',
  'criterion collection': 'criterion',
  'special edition': 'special',
}

/** The parser's boolean release flags, each named as the edition it stands for. */
const FLAGS: (keyof ParsedResult & string)[] = [
  'proper',
  'repack',
  'extended',
  'unrated',
  'uncensored',
  'retail',
  'convert',
  'upscaled',
  'documentary',
]

/** Edition and release flags as tag-shaped words (`proper`, `repack`, `directors-cut`...). */
export function toEditions(parsed: ParsedResult): string[] {
  const editions = new Set<string>()
  for (const edition of parsed.editions ?? []) {
    editions.add(
      EDITION_BY_NAME[edition.toLowerCase()] ??
        edition
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, ''),
    )
  }
  for (const flag of FLAGS) if (parsed[flag] === true) editions.add(flag)
  return [...editions]
}
