/**
 * The words of a want's query, as the core matches them against torrent names: runs of letters and
 * digits in any script, lowercased. A query without one matches nothing, so it is refused.
 */
export function queryWords(query: string): string[] {
  return [...new Set(query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])]
}
