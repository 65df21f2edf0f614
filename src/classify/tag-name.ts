/** The longest tag torrent_tags takes (its CHECK). */
export const TAG_MAX_LENGTH = 64

/** A tag's form, as bitmagnet's and the torrent_tags table's CHECK: lowercase words joined by dashes. */
export function isTagName(value: unknown): value is string {
  return typeof value === 'string' && value.length <= TAG_MAX_LENGTH && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value)
}
