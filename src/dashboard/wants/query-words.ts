/**
 * The words of a want's query, split as the core splits torrent names to match them (runs of
 * letters, combining marks and digits after NFKC, lowercased; the core's src/wants/words.ts, which
 * the dashboard may not import). A query without one matches nothing, so it is refused.
 */
export function queryWords(query: string): string[] {
  return [
    ...new Set(
      query
        .normalize('NFKC')
        .toLowerCase()
        .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [],
    ),
  ]
}
