import { searchFactsOf, tokenize } from '../../search'
import type { Classification } from '../../classify'

/**
 * The `torrent_search.document` of one classified torrent: a tsvector *literal* built from our own
 * tokenizer (src/search/text-query.ts `tokenize`), cast with `::tsvector` by the writer. Never
 * `to_tsvector`: PostgreSQL's parser splits some tokens differently (hex CRCs read as numbers) and
 * no text-search configuration is involved at all, so the tokens are exactly FTS5's.
 *
 * The vocabulary a tsquery is built against (the search package reads this):
 * - Name tokens: `tokenize(torrents.name)` at positions 1..n, in order (a token seen twice keeps
 *   both positions: `'tok':1,5`).
 * - Title tokens: `tokenize(parsed title)` at positions n+2.. (one position left empty), so that
 *   a phrase `'a' <-> 'b'` never spans the end of the name and the start of the title, as an FTS5
 *   phrase never spans two columns. A query's words match name and title alike (FTS5's `{name
 *   title}`).
 * - Facts: the FTS5 `facts` column's tokens (src/search/document-facts.ts: `c<category>`,
 *   `s<season>`, `e<episode>`, `s<season>e<episode>`, `s<season>pack`, `d<yyyymmdd>`, `y<yyyy>`),
 *   each prefixed with `=` and without a position: `'=c5040' '=s1' '=e3' '=s1e3' '=s1pack'
 *   '=d20240105' '=y2024'`. The `=` keeps them apart from a name's own `s1` or `e3` (a token is
 *   letters and digits only, so no name token starts with `=`). src/search/facts.ts
 *   `factTokenGroups` gives the query side: prefix each with `=`.
 * PostgreSQL's own limits apply to what is stored: positions above 16,383 are stored as 16,383,
 * a lexeme keeps its first 256 positions, and a token over 2,046 bytes (never a word anyone
 * searches for) is left out, as the server would refuse the whole document for it.
 */
export function searchDocumentOf(name: string, classification: Pick<Classification, 'categories' | 'parsed'>): string {
  const positions = new Map<string, number[]>()
  const add = (token: string, position: number) => {
    if (Buffer.byteLength(token) > MAX_LEXEME_BYTES) return
    const list = positions.get(token)
    if (list) list.push(position)
    else positions.set(token, [position])
  }
  const nameTokens = tokenize(name)
  for (const [i, token] of nameTokens.entries()) add(token, Math.min(i + 1, MAX_POSITION))
  const titleStart = nameTokens.length + 2
  for (const [i, token] of tokenize(classification.parsed.title ?? '').entries()) add(token, Math.min(titleStart + i, MAX_POSITION))
  const lexemes: string[] = []
  for (const [token, at] of positions) lexemes.push(`${quoteLexeme(token)}:${at.join(',')}`)
  const facts = searchFactsOf(classification)
  if (facts !== '') for (const fact of new Set(facts.split(' '))) lexemes.push(quoteLexeme(`=${fact}`))
  return lexemes.join(' ')
}

/** The largest position a tsvector stores. */
const MAX_POSITION = 16_383
/** The longest lexeme a tsvector takes. */
const MAX_LEXEME_BYTES = 2_046

/** Tokens are letters and digits only; quotes and backslashes are escaped all the same. */
function quoteLexeme(token: string): string {
  return `'${token.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`
}
