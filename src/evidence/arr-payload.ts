import { type GroundTruthLabel, normaliseImdbId } from '../classify'
import { type ContentType } from '../vocabulary'
import { IntakeError } from './errors'
import { findInfoHash } from './find-info-hash'
import type { ClientKind, EvidenceReport, EvidenceType, NotEvidence } from './model'
import { arrayAt, objectAt, positiveIntAt, stringAt, wholeNumberAt, type Json } from './read-fields'
import { normaliseTimestamp } from './timestamps'

/**
 * The *arr events that are evidence, by lower-cased `eventType`. Their `Download` event fires when
 * a release is imported (an upgrade too); Sonarr v4.0.10+ also sends `ImportComplete`. Lidarr
 * and Readarr name failures DownloadFailure/ImportFailure; ManualInteractionRequired (Sonarr and
 * Radarr v4+) means the import could not go through on its own.
 */
const EVIDENCE_EVENTS: Record<string, { type: EvidenceType; result: 'success' | 'failed' }> = {
  grab: { type: 'grab', result: 'success' },
  download: { type: 'import', result: 'success' },
  importcomplete: { type: 'import', result: 'success' },
  downloadfailed: { type: 'download', result: 'failed' },
  downloadfailure: { type: 'download', result: 'failed' },
  importfailed: { type: 'import', result: 'failed' },
  importfailure: { type: 'import', result: 'failed' },
  manualinteractionrequired: { type: 'import', result: 'failed' },
}

/** Events the clients send that say nothing about a torrent; accepted so their tests stay green. */
const OTHER_EVENTS = new Set([
  'test',
  'rename',
  'retag',
  'health',
  'healthrestored',
  'applicationupdate',
  'seriesadd',
  'seriesdelete',
  'episodefiledelete',
  'movieadded',
  'moviedelete',
  'moviefiledelete',
  'artistadd',
  'artistdelete',
  'albumdelete',
  'authoradded',
  'authordelete',
  'bookdelete',
  'bookfiledelete',
])

const KINDS: Exclude<ClientKind, 'other'>[] = ['whisparr', 'sonarr', 'radarr', 'lidarr', 'readarr']
const AUDIO_BOOK = /\.(mp3|m4a|m4b|aac|flac|ogg|opus|wma)$|^(mp3|m4b|flac|aac|unknown audio)/i

/** A native Sonarr/Radarr/Lidarr/Readarr/Whisparr webhook (v3, v4 and later field shapes). */
export function readArrWebhook(payload: Json, instance: string, receivedAt: string, raw: string): EvidenceReport | NotEvidence {
  const event = stringAt(payload, 'eventType', '')
  // `"eventType": null` or `""` names no event: a malformed body, not a crash.
  if (event === null) throw new IntakeError('eventType must name the event (Grab, Download, ...)')
  const known = EVIDENCE_EVENTS[event.toLowerCase()]
  if (!known) {
    if (OTHER_EVENTS.has(event.toLowerCase()))
      return { ignored: true, event, reason: event.toLowerCase() === 'test' ? 'connection test' : 'not about a download' }
    throw new IntakeError(`unknown eventType ${JSON.stringify(event.slice(0, 40))}`)
  }
  const client = clientKindOf(instance, payload)
  const release = objectAt(payload, 'release', '')
  const downloadInfo = objectAt(payload, 'downloadInfo', '')
  const infoHash = findInfoHash(stringAt(payload, 'downloadId', ''), [
    stringAt(release, 'magnetUrl', 'release.'),
    stringAt(release, 'downloadUrl', 'release.'),
    stringAt(release, 'guid', 'release.'),
    stringAt(release, 'infoHash', 'release.'),
    stringAt(downloadInfo, 'downloadId', 'downloadInfo.'),
  ])
  const label = known.type !== 'grab' && known.result === 'success' ? labelOf(client, payload) : null
  return { instance, client, event, ...known, infoHash, occurredAt: occurredAt(payload, receivedAt), receivedAt, label, payload: raw }
}

function clientKindOf(instance: string, payload: Json): ClientKind {
  // Operators name instances after the app (sonarr-4k, radarr); the payload's shape decides otherwise.
  const names = [instance, stringAt(payload, 'instanceName', '') ?? ''].map((name) => name.toLowerCase())
  const named = KINDS.find((kind) => names.some((name) => name.includes(kind)))
  if (named) return named
  if ('series' in payload || 'episodes' in payload) return 'sonarr'
  if ('movie' in payload || 'remoteMovie' in payload) return 'radarr'
  if ('artist' in payload || 'album' in payload || 'albums' in payload) return 'lidarr'
  if ('author' in payload || 'book' in payload || 'books' in payload) return 'readarr'
  return 'other'
}

/** When it happened: the imported file's dateAdded where there is one, else when we heard. */
function occurredAt(payload: Json, receivedAt: string): string {
  for (const [key, path] of [
    ['movieFile', 'movieFile.'],
    ['episodeFile', 'episodeFile.'],
  ] as const) {
    const dateAdded = stringAt(objectAt(payload, key, ''), 'dateAdded', path)
    if (dateAdded) return normaliseTimestamp(dateAdded, `${path}dateAdded`)
  }
  for (const key of ['episodeFiles', 'trackFiles', 'bookFiles']) {
    const dateAdded = stringAt(arrayAt(payload, key, '')[0] ?? null, 'dateAdded', `${key}[0].`)
    if (dateAdded) return normaliseTimestamp(dateAdded, `${key}[0].dateAdded`)
  }
  return receivedAt
}

function labelOf(client: ClientKind, payload: Json): GroundTruthLabel | null {
  const series = objectAt(payload, 'series', '')
  const movie = objectAt(payload, 'movie', '') ?? objectAt(payload, 'remoteMovie', '')
  if (series && (client === 'sonarr' || client === 'whisparr'))
    return seriesLabel(series, payload, client === 'whisparr' ? 'xxx' : 'tv_show')
  if (movie && (client === 'radarr' || client === 'whisparr')) return movieLabel(movie, payload, client === 'whisparr' ? 'xxx' : 'movie')
  if (client === 'lidarr') return albumLabel(payload)
  if (client === 'readarr') return bookLabel(payload)
  return null
}

function seriesLabel(series: Json, payload: Json, contentType: ContentType): GroundTruthLabel {
  const episodes = arrayAt(payload, 'episodes', '')
  const numbers = (key: string) => unique(episodes.map((episode, i) => wholeNumberAt(episode, key, `episodes[${i}].`)))
  return {
    contentType,
    title: stringAt(series, 'title', 'series.'),
    year: positiveIntAt(series, 'year', 'series.'),
    seasons: numbers('seasonNumber'),
    episodes: numbers('episodeNumber'),
    imdb: imdbOf(series, 'series.'),
    tmdb: positiveIntAt(series, 'tmdbId', 'series.'),
    tvdb: positiveIntAt(series, 'tvdbId', 'series.'),
    tvmaze: positiveIntAt(series, 'tvMazeId', 'series.'),
  }
}

function movieLabel(movie: Json, payload: Json, contentType: ContentType): GroundTruthLabel {
  const remote = objectAt(payload, 'remoteMovie', '')
  return {
    contentType,
    title: stringAt(movie, 'title', 'movie.'),
    year:
      positiveIntAt(movie, 'year', 'movie.') ??
      positiveIntAt(remote, 'year', 'remoteMovie.') ??
      yearOf(stringAt(movie, 'releaseDate', 'movie.')),
    seasons: [],
    episodes: [],
    imdb: imdbOf(movie, 'movie.') ?? (remote ? imdbOf(remote, 'remoteMovie.') : null),
    tmdb: positiveIntAt(movie, 'tmdbId', 'movie.') ?? positiveIntAt(remote, 'tmdbId', 'remoteMovie.'),
    tvdb: null,
    tvmaze: null,
  }
}

function albumLabel(payload: Json): GroundTruthLabel {
  const album = objectAt(payload, 'album', '') ?? arrayAt(payload, 'albums', '')[0] ?? null
  const artist = stringAt(objectAt(payload, 'artist', ''), 'name', 'artist.')
  const albumTitle = stringAt(album, 'title', 'album.')
  return {
    contentType: 'music',
    title: [artist, albumTitle].filter(Boolean).join(' - ') || null,
    year: yearOf(stringAt(album, 'releaseDate', 'album.')),
    seasons: [],
    episodes: [],
    imdb: null,
    tmdb: null,
    tvdb: null,
    tvmaze: null,
  }
}

function bookLabel(payload: Json): GroundTruthLabel {
  const book = objectAt(payload, 'book', '') ?? arrayAt(payload, 'books', '')[0] ?? null
  const files = arrayAt(payload, 'bookFiles', '')
  // A Readarr instance holds ebooks or audiobooks; its files (or their quality) tell which.
  const audio = files.some(
    (file, i) =>
      AUDIO_BOOK.test(stringAt(file, 'path', `bookFiles[${i}].`) ?? '') ||
      AUDIO_BOOK.test(stringAt(file, 'quality', `bookFiles[${i}].`) ?? ''),
  )
  return {
    contentType: audio ? 'audiobook' : 'ebook',
    title: stringAt(book, 'title', 'book.'),
    year: yearOf(stringAt(book, 'releaseDate', 'book.')),
    seasons: [],
    episodes: [],
    imdb: null,
    tmdb: null,
    tvdb: null,
    tvmaze: null,
  }
}

function imdbOf(parent: Json, path: string): string | null {
  const value = stringAt(parent, 'imdbId', path)
  return value ? normaliseImdbId(value) : null
}

function yearOf(date: string | null): number | null {
  const year = date ? Number(date.slice(0, 4)) : NaN
  // Books reach back centuries; anything outside this is a placeholder date.
  return year >= 1000 && year <= 2200 ? year : null
}

function unique(values: (number | null)[]): number[] {
  return [...new Set(values.filter((value): value is number => value !== null))].sort((a, b) => a - b)
}
