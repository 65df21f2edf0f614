import type { IndexedTorrent } from '../search'
import { buildMagnetUri } from '../metainfo'
import { XML_DECLARATION, xmlText } from './xml'

const TORZNAB_NS = 'http://torznab.com/schemas/2015/feed'
const languageNames = new Intl.DisplayNames('en', { type: 'language', fallback: 'none' })

/**
 * An RSS 2.0 page of results as Sonarr, Radarr and Prowlarr parse it (R19-R34): no default
 * namespace, the torznab namespace exactly, a pubDate on every item, the magnet as link and
 * enclosure, category and sub-category, and only attributes whose value is known (D1: an unknown
 * seeder count is left out, never written as 0).
 */
export function renderRss(baseUrl: string, items: IndexedTorrent[]): string {
  return [
    `${XML_DECLARATION}<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:torznab="${TORZNAB_NS}">`,
    '  <channel>',
    `    <atom:link href="${xmlText(baseUrl)}/torznab/api" rel="self" type="application/rss+xml"/>`,
    '    <title>dht-indexer</title>',
    '    <description>dht-indexer Torznab feed</description>',
    `    <link>${xmlText(baseUrl)}/</link>`,
    '    <language>en-US</language>',
    ...items.map(renderItem),
    '  </channel>',
    '</rss>',
    '',
  ].join('\n')
}

function renderItem(torrent: IndexedTorrent): string {
  const magnetUri = buildMagnetUri({ infoHash: torrent.infoHash, infoHashV2: torrent.infoHashV2, name: torrent.name })
  const magnet = xmlText(magnetUri)
  const name = xmlText(torrent.name) || torrent.infoHash
  const lines = [
    '    <item>',
    `      <title>${name}</title>`,
    `      <guid isPermaLink="false">${torrent.infoHash}</guid>`,
    `      <pubDate>${new Date(torrent.publishedAt * 1000).toUTCString()}</pubDate>`,
    `      <size>${torrent.sizeBytes}</size>`,
    `      <description>${name}</description>`,
    `      <link>${magnet}</link>`,
    ...torrent.categories.map((category) => `      <category>${category}</category>`),
    `      <enclosure url="${magnet}" length="${torrent.sizeBytes}" type="application/x-bittorrent"/>`,
    ...attributes(torrent, magnetUri).map(([attr, value]) => `      <torznab:attr name="${attr}" value="${xmlText(value)}"/>`),
    '    </item>',
  ]
  return lines.join('\n')
}

function attributes(torrent: IndexedTorrent, magnetUri: string): [string, string | number][] {
  const attrs: [string, string | number][] = torrent.categories.map((category) => ['category', category])
  attrs.push(['size', torrent.sizeBytes])
  if (torrent.filesCount !== null) attrs.push(['files', torrent.filesCount])
  attrs.push(['grabs', torrent.grabs])
  for (const code of torrent.languages) {
    const name = code.length === 2 ? languageNames.of(code) : undefined
    if (name) attrs.push(['language', name])
  }
  // peers is the whole swarm, so never below seeders (R28).
  if (torrent.seeders !== null) {
    attrs.push(['seeders', torrent.seeders])
    attrs.push(['peers', torrent.seeders + (torrent.leechers ?? 0)])
  }
  attrs.push(['infohash', torrent.infoHash])
  attrs.push(['magneturl', magnetUri])
  const { imdb, tmdb, tvdb, tvmaze } = torrent.externalIds
  if (imdb) {
    // Sonarr and Radarr read `imdb` (digits), Prowlarr `imdbid` (with tt) (R30).
    attrs.push(['imdb', imdb.slice(2)])
    attrs.push(['imdbid', imdb])
  }
  if (tmdb !== null) attrs.push(['tmdbid', tmdb])
  if (tvdb !== null) attrs.push(['tvdbid', tvdb])
  if (tvmaze !== null) attrs.push(['tvmazeid', tvmaze])
  // Set only while an artwork key is set and the title resolved (spec §4.3); the search leaves it out otherwise.
  if (torrent.content?.posterUrl) attrs.push(['coverurl', torrent.content.posterUrl])
  if (torrent.resolution) attrs.push(['resolution', torrent.resolution.replace(/^v/, '')])
  if (torrent.hdr.length > 0) attrs.push(['hdr', torrent.hdr.join(',')])
  if (torrent.audioChannels) attrs.push(['audio_channels', torrent.audioChannels])
  if (torrent.videoCodec) attrs.push(['encoder', torrent.videoCodec])
  // Public swarms: nothing counts against a ratio (R32).
  attrs.push(['downloadvolumefactor', 0])
  attrs.push(['uploadvolumefactor', 1])
  return attrs
}
