/**
 * Torznab query parameters to a TorznabRequest, pure. Names are case-insensitive and empty
 * values count as absent (R7); `+` and a literal `%20` are spaces (D19). Anything malformed is
 * error 201 naming the parameter; limit is clamped, never refused (R40). Prowlarr fills
 * minsize/maxsize with its max-age value (D20), so values below 1 MiB there are ignored.
 */
import { normaliseImdbId } from '../classify'
import type { EpisodeWanted } from '../search'
import { invalidParameter, missingParameter, unknownFunction } from './errors'
import { LIMIT_DEFAULT, LIMIT_MAX, TORZNAB_FUNCTIONS, type RequestedIds, type TorznabFunction, type TorznabRequest } from './model'

/** Longer than any title anyone searches for; bounds the work a request can ask for. */
const MAX_TEXT_LENGTH = 512
const MIB = 1_048_576

/** The spec's brand-neutral names, accepted beside the real ones (DESIGN §3.1). */
const ALIASES: Record<string, string> = {
  extid_tv_a: 'tvdbid',
  extid_tv_b: 'tvmazeid',
  extid_tv_c: 'rid',
  extid_film_a: 'imdbid',
  extid_film_b: 'tmdbid',
}

export function parseTorznabRequest(search: URLSearchParams): TorznabRequest {
  const params = readParams(search)
  const t = params.get('t')
  if (!t) throw missingParameter('t')
  const fn = t.toLowerCase() as TorznabFunction
  if (!TORZNAB_FUNCTIONS.includes(fn)) throw unknownFunction(t)

  const ids = readIds(params)
  const q = readText(params, 'q')
  // Sonarr's anime search sends the absolute episode as q beside the series id.
  const absoluteEpisode = ids && q && /^\d{1,4}$/.test(q) ? Number(q) : null
  const extras = ['artist', 'album', 'author', 'title'].map((name) => readText(params, name)).filter((text) => text !== null)
  const textParts = [absoluteEpisode === null ? q : null, ...extras].filter((text) => text !== null)
  return {
    fn,
    text: textParts.length > 0 ? textParts.join(' ') : null,
    categories: readCategories(params.get('cat')),
    limit: Math.min(readCount(params, 'limit') ?? LIMIT_DEFAULT, LIMIT_MAX),
    offset: readCount(params, 'offset') ?? 0,
    episodes: readEpisodes(params.get('season'), params.get('ep')),
    absoluteEpisode,
    ids,
    minSizeBytes: readLenientSize(params.get('minsize')),
    maxSizeBytes: readLenientSize(params.get('maxsize')),
    maxAgeDays: readLenientCount(params.get('maxage')),
  }
}

function readParams(search: URLSearchParams): Map<string, string> {
  const params = new Map<string, string>()
  for (const [rawName, rawValue] of search) {
    const lower = rawName.toLowerCase()
    const name = ALIASES[lower] ?? lower
    const value = rawValue
      .replace(/%20/gi, ' ')
      .replace(/\u0000/g, '')
      .trim()
    if (value && !params.has(name)) params.set(name, value)
  }
  return params
}

function readText(params: Map<string, string>, name: string): string | null {
  const value = params.get(name)
  if (value === undefined) return null
  if (value.length > MAX_TEXT_LENGTH) throw invalidParameter(name, `longer than ${MAX_TEXT_LENGTH} characters`)
  return value
}

function readCategories(value: string | undefined): number[] | null {
  if (value === undefined) return null
  const compact = value.replace(/\s+/g, '')
  if (!/^\d{1,9}(,\d{1,9})*,?$/.test(compact)) throw invalidParameter('cat', 'comma-separated category ids expected')
  return compact.split(',').filter(Boolean).map(Number)
}

function readCount(params: Map<string, string>, name: string): number | null {
  const value = params.get(name)
  if (value === undefined) return null
  if (!/^\d+$/.test(value)) throw invalidParameter(name, 'a whole number of 0 or more expected')
  // Beyond any index size; Number() of a 30-digit string is still a number, just a huge one.
  return Math.min(Number(value), Number.MAX_SAFE_INTEGER)
}

/** `1`, `01`, `00` (specials) or `S01`; a four-digit year for daily shows. */
function readEpisodes(season: string | undefined, episode: string | undefined): EpisodeWanted | null {
  const seasonNumber = season === undefined ? null : readPrefixedNumber(season, 's', 'season')
  if (episode !== undefined) {
    const date = /^(\d{1,2})\/(\d{1,2})$/.exec(episode)
    if (date) {
      if (seasonNumber === null || seasonNumber < 1000) throw invalidParameter('ep', 'a MM/DD episode needs a four-digit year as season')
      return { kind: 'airDate', date: toIsoDate(seasonNumber, Number(date[1]), Number(date[2])) }
    }
    const episodeNumber = readPrefixedNumber(episode, 'e', 'ep')
    return seasonNumber === null
      ? { kind: 'episode', episode: episodeNumber }
      : { kind: 'season', season: seasonNumber, episode: episodeNumber }
  }
  if (seasonNumber === null) return null
  return seasonNumber >= 1000 ? { kind: 'airYear', year: seasonNumber } : { kind: 'season', season: seasonNumber, episode: null }
}

function readPrefixedNumber(value: string, prefix: string, name: string): number {
  const match = new RegExp(`^${prefix}?(\\d{1,4})$`, 'i').exec(value)
  if (!match) throw invalidParameter(name, `a number such as 1, 01 or ${prefix.toUpperCase()}01 expected`)
  return Number(match[1])
}

function toIsoDate(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    throw invalidParameter('ep', `${month}/${day} is not a date in ${year}`)
  return date.toISOString().slice(0, 10)
}

function readIds(params: Map<string, string>): RequestedIds | null {
  const imdb = params.get('imdbid')
  const ids: RequestedIds = {
    imdb: imdb === undefined ? [] : [canonicalImdbId(imdb)],
    tmdb: readIdList(params, 'tmdbid'),
    tvdb: readIdList(params, 'tvdbid'),
    tvmaze: readIdList(params, 'tvmazeid'),
    rage: readIdList(params, 'rid'),
  }
  return Object.values(ids).some((list) => list.length > 0) ? ids : null
}

function readIdList(params: Map<string, string>, name: string): number[] {
  const value = params.get(name)
  if (value === undefined) return []
  if (!/^\d{1,10}$/.test(value) || Number(value) === 0) throw invalidParameter(name, 'a positive whole number expected')
  return [Number(value)]
}

/** `tt0133093`, `0133093` and `133093` are one film (R42, D5). */
function canonicalImdbId(value: string): string {
  const id = normaliseImdbId(value)
  if (id === null) throw invalidParameter('imdbid', 'tt0133093, 0133093 or 133093 expected')
  return id
}

function readLenientSize(value: string | undefined): number | null {
  const bytes = readLenientCount(value)
  return bytes !== null && bytes >= MIB ? bytes : null
}

function readLenientCount(value: string | undefined): number | null {
  return value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : null
}
