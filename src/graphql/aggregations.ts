import type { Facets } from '../search'
import type { ContentType } from '../vocabulary'
import { languageInfo } from './languages'

/** bitmagnet's labels, which its clients show: this API's, not the dashboard's words (src/vocabulary). */
const CONTENT_TYPE_LABELS: Record<string, string> & Readonly<Record<ContentType, string>> = {
  movie: 'Movie',
  tv_show: 'TV Show',
  music: 'Music',
  audiobook: 'Audiobook',
  ebook: 'E-Book',
  comic: 'Comic',
  software: 'Software',
  game: 'Game',
  xxx: 'XXX',
  other: 'Other',
}
const VIDEO_SOURCE_LABELS: Record<string, string> = {
  cam: 'CAM',
  ts: 'TeleSync',
  tc: 'TeleCine',
  workprint: 'Workprint',
  dvd: 'DVD',
  tv: 'TV',
  webdl: 'WEB-DL',
  webrip: 'WEBRip',
  bluray: 'BluRay',
  vhs: 'VHS',
  hddvd: 'HD DVD',
}

/** The search's facet counts in bitmagnet's aggregation shapes (value, label, count, isEstimate). */
export function toAggregations(facets: Facets | undefined, wantsGenre: boolean) {
  const shape = (name: keyof Facets, label: (value: string) => string, value: (raw: string) => unknown = (raw) => raw) =>
    facets?.[name]?.map((entry) => ({
      value: value(entry.value),
      label: entry.label ?? label(entry.value),
      count: entry.count,
      isEstimate: entry.isEstimate,
    })) ?? null
  return {
    content: shape('content', (value) => value, toContentRef),
    contentType: shape('contentType', (value) => CONTENT_TYPE_LABELS[value] ?? value),
    torrentSource: shape('torrentSource', (value) => value),
    torrentTag: shape('torrentTag', (value) => value),
    torrentFileType: shape('torrentFileType', (value) => value),
    language: shape('language', (value) => languageInfo(value).name),
    // No genres are known here: an asked-for genre facet is empty rather than absent.
    genre: wantsGenre ? [] : null,
    releaseYear: shape('releaseYear', (value) => value, Number),
    videoResolution: shape('videoResolution', (value) => value.replace(/^v/, '')),
    videoSource: shape('videoSource', (value) => VIDEO_SOURCE_LABELS[value] ?? value),
  }
}

/** A content facet value (`movie:tmdb:603`) as the ContentRef it names; the id is all that follows the source. */
function toContentRef(value: string): { type: string; source: string; id: string } {
  const [type, source, ...id] = value.split(':')
  return { type: type!, source: source!, id: id.join(':') }
}
