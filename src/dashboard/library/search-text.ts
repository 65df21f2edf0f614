/**
 * The library's search box as the core reads it. The core matches whole words (and a word ending
 * in `*` as a prefix); while someone types, the last word is usually unfinished ("Sev" on the way
 * to "Severance"), so the last word is sent as a prefix. Not a one-letter word, which would ask
 * the index for every word starting with that letter, nor one inside quotes (a phrase), nor one
 * that already ends in `*`.
 */
export function withLastWordAsPrefix(text: string): string {
  const trimmed = text.trimEnd()
  const lastWord = /(?:^|\s)([^\s"]+)$/.exec(trimmed)?.[1]
  if (!lastWord || lastWord.endsWith('*') || isInsideQuotes(trimmed)) return trimmed
  // The word's letters and digits as the index splits them: `S01` is one, `WEB-DL` ends in `DL`.
  const lastToken = lastWord.match(/[\p{L}\p{N}]+/gu)?.at(-1) ?? ''
  if (lastToken.length < 2 || !trimmed.endsWith(lastToken)) return trimmed
  return `${trimmed}*`
}

/** An odd number of quotes: the text ends inside a phrase still being typed. */
function isInsideQuotes(text: string): boolean {
  return (text.match(/"/g)?.length ?? 0) % 2 === 1
}
