/**
 * tsquery literals over torrent_search's document, built from a TextMatch: the query parser's
 * tokens become quoted lexemes, never text for PostgreSQL's own parser, so the operators a user
 * may type (`&`, `|`, `!`, `<->`, `:*`, quotes) stay words, as they do on FTS5. The document side
 * (src/store/pg/search-document.ts, the writer's) holds the name's and title's tokens with
 * positions, and the facts tokens without positions, each prefixed with `=` so that a fact never
 * meets a word of a name (`e3`, `s1`).
 */
import type { QueryTerm, TextMatch } from '../../../search'

/** What marks a facts token in the document. */
export const FACT_PREFIX = '='

/** A quoted lexeme: tokens are letters and digits, but a quote or backslash is escaped anyway. */
export function lexeme(token: string): string {
  return `'${token.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`
}

const phrase = (tokens: readonly string[]) => tokens.map(lexeme).join(' <-> ')

function termQuery(term: QueryTerm): string {
  const main = term.kind === 'phrase' ? phrase(term.tokens) : term.isPrefix ? `${lexeme(term.token)}:*` : lexeme(term.token)
  const alternatives = [main, ...(term.spellings ?? []).map(phrase)]
  return alternatives.length > 1 || term.kind === 'phrase' ? `(${alternatives.join(' | ')})` : main
}

/** Every term required (its other spellings as alternatives), and one of each facts group. */
export function toTsQuery(match: TextMatch): string {
  const clauses = (match.text?.terms ?? []).map(termQuery)
  for (const group of match.facts) clauses.push(`(${group.map((fact) => lexeme(FACT_PREFIX + fact)).join(' | ')})`)
  return clauses.join(' & ')
}
