import { TORZNAB_CATEGORIES } from '../vocabulary'
import { LIMIT_DEFAULT, LIMIT_MAX } from './model'
import { XML_DECLARATION, xmlText } from './xml'

/**
 * Search functions and the parameters each really resolves (R10-R14): lowercase `yes`, lists
 * without spaces, both `music-search` and `audio-search` (Prowlarr reads only the latter).
 * `rid` is not listed: no torrent carries a TVRage id, and a listed id must be resolved (R43).
 */
const SEARCHING: [element: string, params: string][] = [
  ['search', 'q'],
  ['tv-search', 'q,season,ep,tvdbid,imdbid,tvmazeid,tmdbid'],
  ['movie-search', 'q,imdbid,tmdbid'],
  ['music-search', 'q,artist,album'],
  ['audio-search', 'q,artist,album'],
  ['book-search', 'q,author,title'],
]

export function renderCaps(baseUrl: string, version: string): string {
  const searching = SEARCHING.map(([element, params]) => `    <${element} available="yes" supportedParams="${params}"/>`)
  const categories = TORZNAB_CATEGORIES.map((category) => {
    const open = `    <category id="${category.id}" name="${xmlText(category.name)}"`
    if (category.subcategories.length === 0) return `${open}/>`
    const subcategories = category.subcategories.map((sub) => `      <subcat id="${sub.id}" name="${xmlText(sub.name)}"/>`)
    return [`${open}>`, ...subcategories, '    </category>'].join('\n')
  })
  return [
    `${XML_DECLARATION}<caps>`,
    `  <server version="${xmlText(version)}" title="dht-indexer" strapline="Self-hosted DHT metadata indexer" url="${xmlText(baseUrl)}/"/>`,
    `  <limits default="${LIMIT_DEFAULT}" max="${LIMIT_MAX}"/>`,
    '  <searching>',
    ...searching,
    '  </searching>',
    '  <categories>',
    ...categories,
    '  </categories>',
    '</caps>',
    '',
  ].join('\n')
}
