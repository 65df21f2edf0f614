import { type ExternalIds, normaliseImdbId } from '../classify'
import { CONTENT_TYPES, type ContentType, isTagName } from '../vocabulary'
import { INSTANCE_NAME } from '../evidence'
import type { CarriedFacts, CarriedLabel } from '../ingest'
import { cleanName, cutText, type MetainfoLimits } from '../metainfo'
import { isCount, isGiven, parseTime } from './record-fields'

/**
 * Most grabs a line may claim: an index whose *arr apps grabbed one torrent a million times is
 * not one; past it the number only serves to pin a torrent against the storage cap's eviction.
 */
export const MAX_CARRIED_GRABS = 1_000_000
/** Operator tags per torrent: a real operator sets a handful; a line of 100,000 would be one row each. */
export const MAX_CARRIED_TAGS = 100
/** Seasons or episodes a label lists: a whole long-running show's episodes fit. */
const MAX_LABEL_NUMBERS = 2_000
/** The largest season or episode number taken: episode numbering by air date stays under it. */
const MAX_LABEL_NUMBER = 100_000

type Json = Record<string, unknown>

/**
 * The fields an export line adds to the import format (`infoHashV2`, `label`, `externalIds`, `tags`, `grabs`),
 * each checked as strictly as the webhook a label usually comes from: a line whose extras are
 * malformed is rejected whole, with the field named. Undefined when the line carries none of them
 * (a plain import line). `contentType` is not read: without a label this index's own rules
 * decide, so another index's verdict is information, not an instruction.
 */
export function parseCarriedFields(record: Json, infoHash: string, limits: MetainfoLimits): CarriedFacts | undefined | string {
  if (!['infoHashV2', 'label', 'tags', 'grabs'].some((field) => isGiven(record[field]))) return undefined
  // Taken only where it proves itself: a v2-only torrent is keyed by its v2 hash's first 40 hex
  // characters, and without it its magnet would name a v1 torrent that does not exist. A hybrid's
  // v2 hash cannot be checked against its key, and its btih magnet works without it.
  const infoHashV2 = record.infoHashV2 ?? null
  if (infoHashV2 !== null && !(typeof infoHashV2 === 'string' && /^[0-9a-f]{64}$/.test(infoHashV2) && infoHashV2.startsWith(infoHash)))
    return 'infoHashV2 must be the 64 lowercase hex v2 hash of a v2-only torrent, starting with its infoHash'
  const ids = readExternalIds(record.externalIds)
  if (typeof ids === 'string') return ids
  const label = isGiven(record.label) ? readLabel(record.label, ids, limits) : null
  if (typeof label === 'string') return label
  const tags = isGiven(record.tags) ? readTags(record.tags) : []
  if (typeof tags === 'string') return tags
  const grabs = record.grabs ?? 0
  if (!isCount(grabs) || grabs > MAX_CARRIED_GRABS) return `grabs must be a whole number from 0 to ${MAX_CARRIED_GRABS}`
  return { infoHashV2, label, tags, grabs }
}

function readLabel(value: unknown, ids: ExternalIds, limits: MetainfoLimits): CarriedLabel | string {
  if (typeof value !== 'object' || Array.isArray(value)) return 'label must be an object'
  const label = value as Json
  if (!(CONTENT_TYPES as readonly unknown[]).includes(label.contentType))
    return `label.contentType must be one of ${CONTENT_TYPES.join(', ')}`
  if (typeof label.source !== 'string' || !INSTANCE_NAME.test(label.source))
    return 'label.source must name the instance that confirmed it: 1-64 letters, digits, dots, dashes or underscores'
  if (isGiven(label.title) && typeof label.title !== 'string') return 'label.title must be a string'
  const title = typeof label.title === 'string' ? cutText(cleanName(label.title), limits.nameChars) : ''
  if (isGiven(label.year) && !(isCount(label.year) && label.year >= 1 && label.year <= 9999))
    return 'label.year must be a whole number from 1 to 9999'
  const seasons = readNumbers(label.seasons, 'label.seasons')
  if (typeof seasons === 'string') return seasons
  const episodes = readNumbers(label.episodes, 'label.episodes')
  if (typeof episodes === 'string') return episodes
  const nowSeconds = Math.floor(Date.now() / 1000)
  const labelledAt = isGiven(label.labelledAt) ? parseTime(label.labelledAt) : nowSeconds
  if (labelledAt === undefined) return 'label.labelledAt must be an RFC 3339 time or Unix seconds'
  return {
    contentType: label.contentType as ContentType,
    title: title || null,
    year: (label.year as number | null | undefined) ?? null,
    seasons,
    episodes,
    ...ids,
    labelledBy: label.source,
    // A time ahead of the clock is now, as a publish time is: the export writes it back as RFC 3339.
    labelledAt: Math.min(labelledAt, nowSeconds),
  }
}

function readNumbers(value: unknown, field: string): number[] | string {
  if (!isGiven(value)) return []
  if (!Array.isArray(value) || value.length > MAX_LABEL_NUMBERS || !value.every((n) => isCount(n) && n <= MAX_LABEL_NUMBER))
    return `${field} must be a list of at most ${MAX_LABEL_NUMBERS} whole numbers from 0 to ${MAX_LABEL_NUMBER}`
  return [...new Set(value as number[])]
}

/** The ids a label confirms; without a label they are not applied (nothing confirmed them). */
function readExternalIds(value: unknown): ExternalIds | string {
  const ids: ExternalIds = { imdb: null, tmdb: null, tvdb: null, tvmaze: null }
  if (!isGiven(value)) return ids
  if (typeof value !== 'object' || Array.isArray(value)) return 'externalIds must be an object'
  const given = value as Json
  if (isGiven(given.imdb)) {
    ids.imdb = typeof given.imdb === 'string' ? normaliseImdbId(given.imdb) : null
    if (ids.imdb === null) return 'externalIds.imdb must be an IMDb id (tt and digits)'
  }
  for (const key of ['tmdb', 'tvdb', 'tvmaze'] as const) {
    if (!isGiven(given[key])) continue
    if (!isCount(given[key]) || given[key] === 0) return `externalIds.${key} must be a whole number above 0`
    ids[key] = given[key]
  }
  return ids
}

function readTags(value: unknown): string[] | string {
  if (!Array.isArray(value) || value.length > MAX_CARRIED_TAGS || !value.every(isTagName))
    return `tags must be a list of at most ${MAX_CARRIED_TAGS} tags, each lowercase letters and digits joined by dashes (at most 64)`
  return [...new Set(value)]
}
