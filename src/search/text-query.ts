/**
 * Free text as the full-text index sees it. The tokenizer mirrors the FTS table's
 * `unicode61 remove_diacritics 2`: letters and digits make tokens, everything else (`.`, `_`,
 * `-`, spaces, brackets) separates them, case and diacritics fold away. Queries are rebuilt from
 * tokens, every one quoted, so FTS5 operators a user types (`OR`, `NOT`, `NEAR`, `*`, `^`,
 * `:`, quotes, parentheses) are text, never syntax: injection-like input is just words.
 */

export type QueryTerm =
  | { kind: 'word'; token: string; isPrefix: boolean }
  | { kind: 'phrase'; tokens: string[] }

export interface TextQuery {
  terms: QueryTerm[]
  /** Every token of every term, for scoring. */
  tokens: string[]
}

/** Longer queries are not searches anyone types; the cap bounds the MATCH expression. */
const MAX_TERMS = 16

const SEPARATORS = /[^\p{L}\p{N}]+/u
const COMBINING_MARKS = /\p{M}+/gu

/** Folds case and diacritics and splits on non-alphanumerics, as the FTS tokenizer does. */
export function tokenize(text: string): string[] {
  const folded = text.toLowerCase().normalize('NFD').replace(COMBINING_MARKS, '')
  return folded.split(SEPARATORS).filter((token) => token.length > 0)
}

/**
 * Reads `q`: words (all must match), `"quoted phrases"` (tokens adjacent, in order) and a
 * trailing `*` for a prefix (`matr*`). Returns null when nothing searchable is left.
 */
export function parseTextQuery(text: string): TextQuery | null {
  const terms: QueryTerm[] = []
  for (const [, phrase, word] of text.matchAll(/"([^"]*)"?|([^\s"]+)/g)) {
    if (phrase !== undefined) {
      const tokens = tokenize(phrase)
      if (tokens.length === 1) terms.push({ kind: 'word', token: tokens[0]!, isPrefix: false })
      else if (tokens.length > 1) terms.push({ kind: 'phrase', tokens })
      continue
    }
    // `WEB-DL` or `Spider-Man` is one word to whoever typed it: its tokens must stay adjacent.
    const tokens = tokenize(word!)
    if (tokens.length === 1) terms.push({ kind: 'word', token: tokens[0]!, isPrefix: word!.endsWith('*') })
    else if (tokens.length > 1) terms.push({ kind: 'phrase', tokens })
  }
  const kept = terms.slice(0, MAX_TERMS)
  if (kept.length === 0) return null
  return { terms: kept, tokens: kept.flatMap((term) => (term.kind === 'word' ? [term.token] : term.tokens)) }
}

/** The FTS5 MATCH expression: every term required, each one quoted. */
export function toMatchExpression(query: TextQuery): string {
  return query.terms
    .map((term) => (term.kind === 'phrase' ? `"${term.tokens.join(' ')}"` : term.isPrefix ? `"${term.token}"*` : `"${term.token}"`))
    .join(' ')
}
