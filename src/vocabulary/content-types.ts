/**
 * What a torrent is: the spec's content types (lowercase, as the shared corpora write them; GraphQL
 * maps them to its enum names at its own edge), and the words people read for them.
 */
export const CONTENT_TYPES = ['movie', 'tv_show', 'music', 'audiobook', 'ebook', 'comic', 'software', 'game', 'xxx', 'other'] as const
export type ContentType = (typeof CONTENT_TYPES)[number]

/** The content type of torrents without a classification, in counts and listings. */
export const UNCLASSIFIED = 'unknown'

/** `tv`, as the spec's samples write tv_show: wants and the library take it for tv_show. */
export const TV_ALIAS = 'tv'

export type WantContentType = ContentType | typeof TV_ALIAS

/** Content types a want may name: the content types, and `tv` beside tv_show. */
export const WANT_CONTENT_TYPES: readonly WantContentType[] = CONTENT_TYPES.flatMap((type) =>
  type === 'tv_show' ? [type, TV_ALIAS] : [type],
)

export function isContentType(value: unknown): value is ContentType {
  return (CONTENT_TYPES as readonly unknown[]).includes(value)
}

/** The content type `value` names, reading `tv` as tv_show; other text is returned as it is. */
export function resolveTvAlias(value: string): string {
  return value === TV_ALIAS ? 'tv_show' : value
}

/** Each content type as people read it, singular. */
export const CONTENT_TYPE_LABELS: Readonly<Record<ContentType, string>> = {
  movie: 'Movie',
  tv_show: 'TV show',
  music: 'Music',
  audiobook: 'Audiobook',
  ebook: 'E-book',
  comic: 'Comic',
  software: 'Software',
  game: 'Game',
  xxx: 'XXX',
  other: 'Other',
}

/** A content type (or `tv`, or `unknown`) as people read it; anything else is shown as sent. */
export function contentTypeLabel(value: string): string {
  const type = resolveTvAlias(value)
  if (type === UNCLASSIFIED) return 'Unclassified'
  return isContentType(type) ? CONTENT_TYPE_LABELS[type] : value
}
