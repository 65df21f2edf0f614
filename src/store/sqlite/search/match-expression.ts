/**
 * FTS5 MATCH expressions over torrent_search (migrations/core/sqlite/0012), built from a
 * TextMatch. Every token is quoted, so the FTS5 operators a user may type (`OR`, `NOT`, `NEAR`,
 * `*`, `^`, `:`, quotes, parentheses) stay words; the tokens come from the search's tokenizer,
 * which folds as the table's `unicode61 remove_diacritics 2` does, and hold no quote.
 */
import type { TextMatch } from '../../../search'

/**
 * Every term required, each one quoted (with its other spellings as alternatives), matched
 * against the name and title only (never the classification tokens of the facts column), ANDed
 * with one clause per facts group.
 */
export function toMatchExpression(match: TextMatch): string {
  const clauses = match.facts.map((tokens) => `facts : (${tokens.map((token) => `"${token}"`).join(' OR ')})`)
  if (match.text) {
    const terms = match.text.terms.map((term) => {
      const quoted = term.kind === 'phrase' ? `"${term.tokens.join(' ')}"` : term.isPrefix ? `"${term.token}"*` : `"${term.token}"`
      return term.spellings ? `(${[quoted, ...term.spellings.map((tokens) => `"${tokens.join(' ')}"`)].join(' OR ')})` : quoted
    })
    clauses.unshift(`{name title} : (${terms.join(' AND ')})`)
  }
  return clauses.join(' AND ')
}

/** One token in the name or title, for the shares of the newest torrents. */
export function tokenExpression(token: string): string {
  return `{name title} : "${token}"`
}
