/** The longest tag the core takes (torrent_tags' CHECK). */
export const TAG_MAX_LENGTH = 64

const TAG_FORM = /^[a-z0-9]+(-[a-z0-9]+)*$/

/**
 * A tag's form, as bitmagnet's and the torrent_tags table's CHECK: lowercase letters and digits
 * joined by single dashes, at most TAG_MAX_LENGTH. Rules, imports, GraphQL and the dashboard all
 * hold tags to it.
 */
export function isTagName(value: unknown): value is string {
  return typeof value === 'string' && value.length <= TAG_MAX_LENGTH && TAG_FORM.test(value)
}

/** A tag as a person types it, in the form it is checked in: trimmed, lowercased, spaces as dashes. */
export function normaliseTag(typed: string): string {
  return typed.trim().toLowerCase().replace(/\s+/g, '-')
}
