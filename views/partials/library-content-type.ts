/** The core's content types as people read them (the library and the wants share them). */
const LABELS: Record<string, string> = {
  movie: 'Movie',
  tv_show: 'TV show',
  tv: 'TV show',
  music: 'Music',
  audiobook: 'Audiobook',
  ebook: 'Ebook',
  comic: 'Comic',
  software: 'Software',
  game: 'Game',
  xxx: 'XXX',
  other: 'Other',
  unknown: 'Unclassified',
}

export function contentTypeLabel(contentType: string): string {
  return LABELS[contentType] ?? contentType
}
