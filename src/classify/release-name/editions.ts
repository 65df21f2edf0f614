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

/** Edition and release flags as tag-shaped words (`proper`, `repack`, `directors-cut`...). */
export function toEditions(parsed: ParsedResult): string[] {
  const editions = new Set<string>()
  for (const edition of parsed.editions ?? []) {
    editions.add(EDITION_BY_NAME[edition.toLowerCase()] ?? edition.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''))
  }
  const flags: [keyof ParsedResult, string][] = [
    ['proper', 'proper'], ['repack', 'repack'], ['extended', 'extended'], ['unrated', 'unrated'],
    ['uncensored', 'uncensored'], ['retail', 'retail'],
    ['convert', 'convert'], ['upscaled', 'upscaled'], ['documentary', 'documentary'],
  ]
  for (const [field, edition] of flags) if (parsed[field] === true) editions.add(edition)
  return [...editions]
}
