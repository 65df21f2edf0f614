/**
 * Free text as the full-text index sees it. The tokenizer mirrors the FTS table's
 * `unicode61 remove_diacritics 2`: letters and digits make tokens, everything else (`.`, `_`,
 * `-`, spaces, brackets) separates them, case and Latin diacritics fold away. A query is kept as
 * its tokens, from which the store builds its own match syntax: operators a user types (`OR`,
 * `NOT`, `NEAR`, `*`, `^`, `:`, quotes, parentheses) are text, never syntax.
 */

/**
 * `spellings`: the other token runs a release name may write the same word as, each matched as a
 * phrase: Sonarr and Radarr delete apostrophes and dots from a title before searching (`Greys`
 * for `Grey's`, `SWAT` for `S.W.A.T.`), while the index splits the name there (`grey` `s`).
 */
export type QueryTerm =
  | { kind: 'word'; token: string; isPrefix: boolean; spellings?: string[][] }
  | { kind: 'phrase'; tokens: string[]; spellings?: string[][] }

export interface TextQuery {
  terms: QueryTerm[]
  /** Every distinct token of every term, for scoring, optional words included. */
  uniqueTokens: string[]
  /** Those, and the tokens of every other spelling. */
  tokenSet: ReadonlySet<string>
  /** A word's other spellings, by its token. */
  spellingsOf: ReadonlyMap<string, string[][]>
}

/** Longer queries are not searches anyone types; the cap bounds the match the store builds. */
const MAX_TERMS = 16

const ASCII_SEPARATORS = /[^a-z0-9]+/
const NON_ASCII = /[^\u0000-\u007f]/
/**
 * What unicode61 makes tokens of: letters, numbers, private-use characters, and the 25 combining
 * marks that remove_diacritics drops (so they are dropped before the split). Every other
 * character separates, other marks included: the rest of U+0300-U+036F, Devanagari vowel signs,
 * Hebrew points and Arabic vowels split words there.
 */
const TOKEN_RUN = /[\p{L}\p{N}\p{Co}]+/gu
const DROPPED_MARKS = '\u0300-\u0304\u0306-\u030c\u030f\u0311\u031b\u0323-\u0328\u032d\u032e\u0330\u0331'
const DROPPED_MARK = new RegExp(`[${DROPPED_MARKS}]`, 'g')
/** Latin letters that may carry diacritics (Latin-1 to Extended-B, Latin Extended Additional). */
const LATIN_LETTER = /[\u00c0-\u024f\u1e00-\u1eff]/g
/** A precomposed letter that remove_diacritics folds: an ASCII letter and dropped marks (but `ǡ`). */
const ASCII_LETTER_WITH_DIACRITICS = new RegExp(`^[a-z][${DROPPED_MARKS}]+$`)
/** Letters unicode61 folds further than toLowerCase: Greek symbol forms, the final sigma, long s, micro. */
const FURTHER_FOLDS: Record<string, string> = {
  '\u00b5': '\u03bc', // µ
  '\u017f': 's', // ſ
  '\u1e9b': 's', // ẛ
  '\u03c2': '\u03c3', // ς
  '\u03d0': '\u03b2', // ϐ
  '\u03d1': '\u03b8', // ϑ
  '\u03d5': '\u03c6', // ϕ
  '\u03d6': '\u03c0', // ϖ
  '\u03f0': '\u03ba', // ϰ
  '\u03f1': '\u03c1', // ϱ
  '\u03f5': '\u03b5', // ϵ
  '\u1fbe': '\u03b9', // ι
}
const FURTHER_FOLDED = new RegExp(`[${Object.keys(FURTHER_FOLDS).join('')}]`, 'g')

/**
 * Folds case and diacritics and splits text into tokens as the FTS table's tokenizer does,
 * checked against it code point by code point over the Latin, Greek, Cyrillic, Hebrew, Arabic,
 * Devanagari, kana and Hangul blocks (tests/search/text-query.test.ts): `é`, `ṩ` and `ǖ` fold to
 * their ASCII letter, but `ǽ`, `ά`, `ё`, `ø`, kana with a voicing mark and Hangul syllables stay
 * as they are. SQLite's tables are Unicode 6.1: later emoji and scripts, which it glues to the
 * next word, are the known difference.
 */
export function tokenize(text: string): string[] {
  // Most release names are ASCII: the split alone is cheaper than the Unicode path's four passes.
  if (!NON_ASCII.test(text))
    return text
      .toLowerCase()
      .split(ASCII_SEPARATORS)
      .filter((token) => token.length > 0)
  const folded = text
    .toLowerCase()
    .replace(LATIN_LETTER, foldLatinLetter)
    .replace(DROPPED_MARK, '')
    .replace(FURTHER_FOLDED, (letter) => FURTHER_FOLDS[letter]!)
  return folded.match(TOKEN_RUN) ?? []
}

function foldLatinLetter(letter: string): string {
  const decomposed = letter.normalize('NFD')
  return letter !== 'ǡ' && ASCII_LETTER_WITH_DIACRITICS.test(decomposed) ? decomposed[0]! : letter
}

/**
 * Reads `q`: words (all must match), `"quoted phrases"` (tokens adjacent, in order) and a
 * trailing `*` for a prefix (`matr*`; a Chinese or Japanese word is always one). A bare word
 * also matches its other spellings (QueryTerm), and `and` beside other words is optional, since
 * Sonarr writes `&` as `and` and the index holds no token for `&`. Returns null when nothing
 * searchable is left.
 */
export function parseTextQuery(text: string): TextQuery | null {
  const terms: QueryTerm[] = []
  const optional = new Set<QueryTerm>()
  for (const [, phrase, word] of text.matchAll(/"([^"]*)"?|([^\s"]+)/g)) {
    if (phrase !== undefined) {
      const tokens = tokenize(phrase)
      if (tokens.length === 1) terms.push({ kind: 'word', token: tokens[0]!, isPrefix: false })
      else if (tokens.length > 1) terms.push({ kind: 'phrase', tokens })
      continue
    }
    // `WEB-DL` or `Spider-Man` is one word to whoever typed it: its tokens must stay adjacent.
    const tokens = tokenize(word!)
    const isTypedPrefix = word!.endsWith('*')
    // A prefix (`greys*`) is its own spelling already.
    const spellings = isTypedPrefix ? {} : otherSpellings(word!, tokens)
    if (tokens.length === 1) {
      const isPrefix = isTypedPrefix || UNSPACED_SCRIPT.test(tokens[0]!)
      const term: QueryTerm = { kind: 'word', token: tokens[0]!, isPrefix, ...spellings }
      if (tokens[0] === OPTIONAL_WORD && !isPrefix) optional.add(term)
      terms.push(term)
    } else if (tokens.length > 1) terms.push({ kind: 'phrase', tokens, ...spellings })
  }
  const kept = terms.slice(0, MAX_TERMS)
  if (kept.length === 0) return null
  const required = kept.filter((term) => !optional.has(term))
  return required.length === 0 ? textQueryOf(kept) : textQueryOf(required, kept)
}

/**
 * Scripts written without spaces: unicode61 makes one token of a whole run (`日本語のタイトル`), so
 * a word of it is matched as the start of a run, the nearest it can find a word inside one.
 */
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u

/** A bare `and` (quoted, it is asked for). */
const OPTIONAL_WORD = 'and'

/** Apostrophes and dots, which Sonarr and Radarr delete from a title, and which split a name. */
const JOINING_MARKS = /['’`.]/g
/** The possessive and the contractions whose apostrophe Sonarr deletes: `greys`, `dont`, `youre`. */
const CONTRACTION =
  /^(?:([\p{L}\p{N}]{2,})(s)|((?:do|does|did|ca|wo|is|are|was|were|ai|has|have|had|could|should|would|must|need)n)(t)|(you|we|they)(re)|(i|you|we|they)(ve)|(i|you|they)(ll)|(i)(m))$/u
/** A word in capitals, as Sonarr sends an acronym whose dots it deleted (`SWAT`, `SHIELD`). */
const CAPITALS = /^[A-Z]{3,8}$/
const DIGITS = /^\d+$/

/** The other spellings of a bare word of the query (QueryTerm), if it has any. */
function otherSpellings(word: string, tokens: string[]): { spellings?: string[][] } {
  const spellings: string[][] = []
  if (tokens.length === 1) {
    const token = tokens[0]!
    const parts = CONTRACTION.exec(token)
      ?.slice(1)
      .filter((part) => part !== undefined)
    if (parts) spellings.push(parts)
    if (CAPITALS.test(word)) spellings.push([...token])
  } else {
    // Typed with its apostrophe or dots (`Grey's`, `S.W.A.T.`, `H.264`): a name may have dropped
    // them. Not between two numbers: `2.8` and `5.1` are not `28` and `51`.
    const joined = tokenize(word.replace(JOINING_MARKS, ''))
    const splitsNumber = tokens.some((token, i) => i > 0 && DIGITS.test(token) && DIGITS.test(tokens[i - 1]!))
    if (joined.length < tokens.length && !splitsNumber) spellings.push(joined)
  }
  return spellings.length > 0 ? { spellings } : {}
}

/** A query of these terms (the required ones; `scored`, when given, adds the optional ones to scoring). */
export function textQueryOf(terms: QueryTerm[], scored: QueryTerm[] = terms): TextQuery {
  const uniqueTokens = [...new Set(scored.flatMap(termTokens))]
  const spellingsOf = new Map<string, string[][]>()
  for (const term of scored) if (term.kind === 'word' && term.spellings) spellingsOf.set(term.token, term.spellings)
  const tokenSet = new Set([...uniqueTokens, ...scored.flatMap((term) => term.spellings?.flat() ?? [])])
  return { terms, uniqueTokens, tokenSet, spellingsOf }
}

function termTokens(term: QueryTerm): string[] {
  return term.kind === 'word' ? [term.token] : term.tokens
}

/** Whether the name or the title holds every one of these tokens, as the full-text index finds a word in either. */
export function holdsWords(name: string, title: string | null, words: readonly string[]): boolean {
  const tokens = new Set(tokenize(name))
  if (title) for (const token of tokenize(title)) tokens.add(token)
  return words.every((word) => tokens.has(word))
}
