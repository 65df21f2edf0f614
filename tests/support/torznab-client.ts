import { XMLParser } from 'fast-xml-parser'

/**
 * Reads Torznab answers the way Sonarr, Radarr and Prowlarr do (shared reference part b): the
 * error element anywhere means failure, items come from rss/channel/item, a missing pubDate
 * rejects the feed, attributes are `torznab:attr` name/value pairs.
 */
export interface FeedItem {
  title: string
  guid: string
  pubDate: Date
  size: string
  link: string
  enclosure: { url: string; length: string; type: string }
  attrs: Map<string, string[]>
}

export interface TorznabAnswer {
  status: number
  contentType: string
  body: string
  error: { code: number; description: string } | null
  items: FeedItem[]
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) => ['item', 'torznab:attr', 'category', 'subcat'].includes(name),
  parseTagValue: false,
  parseAttributeValue: false,
})

export function parseXml(body: string): Record<string, any> {
  return parser.parse(body)
}

export async function getTorznab(url: string, init: RequestInit = {}): Promise<TorznabAnswer> {
  const response = await fetch(url, {
    ...init,
    headers: { accept: 'application/rss+xml, text/rss+xml, application/xml, text/xml', ...(init.headers ?? {}) },
  })
  const body = await response.text()
  const contentType = response.headers.get('content-type') ?? ''
  if (!contentType.includes('xml')) throw new Error(`not an xml content type: ${contentType}`)
  if (!body.startsWith('<?xml')) throw new Error('the body does not start with <?xml')
  const document = parseXml(body)
  if (document.error)
    return {
      status: response.status,
      contentType,
      body,
      error: { code: Number(document.error.code), description: document.error.description },
      items: [],
    }
  if (!document.rss) return { status: response.status, contentType, body, error: null, items: [] }
  if (document.rss.xmlns) throw new Error('a default namespace on <rss> hides every item (D11)')
  if (document.rss['xmlns:torznab'] !== 'http://torznab.com/schemas/2015/feed') throw new Error('wrong torznab namespace')
  const items = (document.rss.channel.item ?? []).map(toFeedItem)
  return { status: response.status, contentType, body, error: null, items }
}

function toFeedItem(raw: Record<string, any>): FeedItem {
  if (!raw.pubDate) throw new Error('Each item in the RSS feed must have a pubDate element with a valid publish date.')
  const pubDate = new Date(raw.pubDate)
  if (Number.isNaN(pubDate.getTime())) throw new Error(`unparseable pubDate ${raw.pubDate}`)
  const attrs = new Map<string, string[]>()
  for (const attr of raw['torznab:attr'] ?? []) {
    if (attr.name === undefined || attr.value === undefined) throw new Error('a torznab:attr without name or value (R25)')
    attrs.set(attr.name, [...(attrs.get(attr.name) ?? []), attr.value])
  }
  return {
    title: String(raw.title),
    guid: String(raw.guid['#text'] ?? raw.guid),
    pubDate,
    size: String(raw.size),
    link: String(raw.link),
    enclosure: { url: raw.enclosure.url, length: raw.enclosure.length, type: raw.enclosure.type },
    attrs,
  }
}

export const attr = (item: FeedItem, name: string): string | undefined => item.attrs.get(name)?.[0]
export const categoriesOf = (item: FeedItem): number[] => (item.attrs.get('category') ?? []).map(Number)
