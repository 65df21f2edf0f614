import { describe, expect, test } from 'bun:test'
import type { IndexedTorrent } from '../../src/search'
import { renderCaps } from '../../src/torznab/caps'
import { renderError } from '../../src/torznab/render-error'
import { renderRss } from '../../src/torznab/render-rss'
import { parseXml } from '../support/torznab-client'

const INFO_HASH = 'a'.repeat(40)

function torrent(overrides: Partial<IndexedTorrent> = {}): IndexedTorrent {
  return {
    id: 1,
    infoHash: INFO_HASH,
    infoHashV2: null,
    name: 'The.Show.S01E02.1080p.WEB-DL.DDP5.1.H.264-GRP',
    sizeBytes: 1_500_000_000,
    filesCount: 2,
    seeders: null,
    leechers: null,
    publishedAt: 1_714_557_600,
    grabs: 0,
    evidenceScore: 0,
    contentType: 'tv_show',
    categories: [5000, 5040],
    confidence: 0.85,
    status: 'pending',
    title: 'The Show',
    year: null,
    seasons: [1],
    episodes: [2],
    airDate: null,
    resolution: null,
    source: 'webdl',
    videoCodec: null,
    hdr: [],
    audioChannels: null,
    languages: [],
    releaseGroup: 'GRP',
    externalIds: { imdb: null, tmdb: null, tvdb: null, tvmaze: null },
    content: null,
    tags: [],
    ...overrides,
  }
}

/** The one item of a page, its attributes as name → values, read as the *arr clients read them. */
function readItem(xml: string) {
  const item = parseXml(xml).rss.channel.item[0]
  const attrs = new Map<string, string[]>()
  for (const { name, value } of item['torznab:attr']) attrs.set(name, [...(attrs.get(name) ?? []), value])
  return { item, attrs }
}

describe('renderRss', () => {
  test('an RSS 2.0 page with the torznab namespace and no default namespace, the declaration at byte 0', () => {
    const xml = renderRss('http://nas:3333', [torrent()])
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true)
    expect(xml).toContain('xmlns:torznab="http://torznab.com/schemas/2015/feed"')
    expect(xml).not.toContain('xmlns="')
    expect(parseXml(xml).rss.channel['atom:link'].href).toBe('http://nas:3333/torznab/api')
    expect(parseXml(renderRss('', [])).rss.channel.item).toBeUndefined()
  })

  test('an item carries its pubDate, the magnet as link and enclosure, and its categories', () => {
    const { item, attrs } = readItem(renderRss('', [torrent()]))
    expect(item.title).toBe('The.Show.S01E02.1080p.WEB-DL.DDP5.1.H.264-GRP')
    expect(item.guid).toMatchObject({ '#text': INFO_HASH, isPermaLink: 'false' })
    expect(item.pubDate).toBe('Wed, 01 May 2024 10:00:00 GMT')
    expect(item.link).toStartWith(`magnet:?xt=urn:btih:${INFO_HASH}&dn=`)
    expect(item.enclosure).toEqual({ url: item.link, length: '1500000000', type: 'application/x-bittorrent' })
    expect(item.category).toEqual(['5000', '5040'])
    expect(attrs.get('category')).toEqual(['5000', '5040'])
    expect(attrs.get('size')).toEqual(['1500000000'])
    expect(attrs.get('files')).toEqual(['2'])
    expect(attrs.get('infohash')).toEqual([INFO_HASH])
    expect(attrs.get('magneturl')).toEqual([item.link])
    expect(attrs.get('downloadvolumefactor')).toEqual(['0'])
    expect(attrs.get('uploadvolumefactor')).toEqual(['1'])
  })

  test('an unknown seeder count or file count is left out, never written as 0', () => {
    const unknown = readItem(renderRss('', [torrent({ filesCount: null })])).attrs
    expect(unknown.has('seeders')).toBe(false)
    expect(unknown.has('peers')).toBe(false)
    expect(unknown.has('files')).toBe(false)
    // peers is the whole swarm: never fewer than the seeders, even when leechers are unknown.
    expect(readItem(renderRss('', [torrent({ seeders: 7, leechers: 3 })])).attrs.get('peers')).toEqual(['10'])
    expect(readItem(renderRss('', [torrent({ seeders: 7 })])).attrs.get('peers')).toEqual(['7'])
  })

  test('ids in both forms the clients read, qualities and languages by their English names', () => {
    const { attrs } = readItem(
      renderRss('', [
        torrent({
          externalIds: { imdb: 'tt0944947', tmdb: 1399, tvdb: 121361, tvmaze: 82 },
          resolution: 'v1080p',
          hdr: ['DV', 'HDR10'],
          audioChannels: '5.1',
          videoCodec: 'x264',
          languages: ['en', 'fr', 'zz'],
        }),
      ]),
    )
    expect(attrs.get('imdb')).toEqual(['0944947'])
    expect(attrs.get('imdbid')).toEqual(['tt0944947'])
    expect([attrs.get('tmdbid'), attrs.get('tvdbid'), attrs.get('tvmazeid')]).toEqual([['1399'], ['121361'], ['82']])
    expect(attrs.get('resolution')).toEqual(['1080p'])
    expect(attrs.get('hdr')).toEqual(['DV,HDR10'])
    expect(attrs.get('audio_channels')).toEqual(['5.1'])
    expect(attrs.get('encoder')).toEqual(['x264'])
    expect(attrs.get('language')).toEqual(['English', 'French'])
  })

  test('markup is escaped and characters XML forbids are removed, so a hostile name stays well-formed', () => {
    const xml = renderRss('', [torrent({ name: 'A & B <script>"x"</script>\u0001\u0008\ud800 \'end\'' })])
    expect(readItem(xml).item.title).toBe('A & B <script>"x"</script> \'end\'')
    expect(xml).toContain('<title>A &amp; B &lt;script&gt;&quot;x&quot;&lt;/script&gt; &apos;end&apos;</title>')
    expect(xml).not.toMatch(/[\u0001\u0008]|&#/)
  })

  test('a name empty once cleaned is shown as its info hash', () => {
    expect(readItem(renderRss('', [torrent({ name: '\u0001' })])).item.title).toBe(INFO_HASH)
  })
})

describe('renderCaps', () => {
  test('lists each search function with the parameters it resolves, and every category', () => {
    const caps = parseXml(renderCaps('http://nas:3333', '1.2.3')).caps
    expect(caps.server).toMatchObject({ version: '1.2.3', url: 'http://nas:3333/' })
    const searching = caps.searching
    expect(searching['tv-search']).toEqual({ available: 'yes', supportedParams: 'q,season,ep,tvdbid,imdbid,tvmazeid,tmdbid' })
    expect(searching['movie-search'].supportedParams).toBe('q,imdbid,tmdbid')
    // Prowlarr reads audio-search only, the others music-search.
    expect(searching['audio-search']).toEqual(searching['music-search'])
    const movies = caps.categories.category.find((category: { id: string }) => category.id === '2000')
    expect(movies.name).toBe('Movies')
    expect(movies.subcat.map((sub: { id: string }) => sub.id)).toContain('2045')
  })
})

describe('renderError', () => {
  test('is a root error element with the code and the description, escaped', () => {
    expect(renderError(201, 'Incorrect parameter: cat "<5000>"')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<error code="201" description="Incorrect parameter: cat &quot;&lt;5000&gt;&quot;"/>\n',
    )
  })
})
