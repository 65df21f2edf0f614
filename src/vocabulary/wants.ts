import type { ContentType } from './content-types'

/** A want as the dashboard registers it with the core (GraphQL WantInput): the core marks the torrents that match it. */
export interface WantRegistration {
  id: string
  query: string
  contentType: ContentType
}

/**
 * The words wants match by: runs of letters and digits (any script; combining marks stay with
 * their letter), lowercased after NFKC, so `Amélie`, `AMÉLIE` and full-width `Ａｍｅｌｉｅ` are one
 * word and `.`, `_`, `-`, brackets and spaces all separate words, as they do in release names.
 * The core splits torrent names and want queries with it; the dashboard refuses a query without one.
 */
const WORD = /[\p{L}\p{M}\p{N}]+/gu

export function wordsOf(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(WORD) ?? []
}
