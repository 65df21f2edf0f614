import { describe, expect, test } from 'bun:test'
import { DatabaseSync } from 'node:sqlite'
import { holdsWords, parseTextQuery, tokenize } from '../../src/search/text-query'
import { toMatchExpression } from '../../src/store/sqlite/search/match-expression'

/**
 * The tokens an FTS5 table with the index's tokenizer (migrations/core/sqlite/0012) makes of each text.
 * node:sqlite, which Bun and Deno both have, so the check runs under `test:deno` too.
 */
function ftsTokens(texts: string[]): string[][] {
  const db = new DatabaseSync(':memory:')
  db.exec("CREATE VIRTUAL TABLE t USING fts5(x, tokenize = 'unicode61 remove_diacritics 2')")
  db.exec('CREATE VIRTUAL TABLE v USING fts5vocab(t, instance)')
  const insert = db.prepare('INSERT INTO t (rowid, x) VALUES (?, ?)')
  for (const [i, text] of texts.entries()) insert.run(i + 1, text)
  const tokensOf = db.prepare('SELECT term FROM v WHERE doc = ? ORDER BY offset')
  const tokens = texts.map((_, i) => tokensOf.all(i + 1).map((row) => String(row.term)))
  db.close()
  return tokens
}

/**
 * Assigned in Unicode 6.1, whose tables SQLite's tokenizer has: it takes later characters for
 * letters (these blocks' few additions are listed).
 */
const isInUnicode61 = (text: string) => !/\p{Cn}/u.test(text) && !/[\u037f\u0528-\u052f\u0605\u061c\u061d\ua7dc]/.test(text)

const TEXTS = [
  'The.Show.S01E02.1080p.WEB-DL',
  'Amélie.2001.FRENCH',
  'e\u0301cole naïve café Ñandú Việt Nam Łódź ṩ ǖ İstanbul',
  'Straße Ørsted ﬁnal œuvre Æon ǽ ħ ð þ ǅemal',
  'Ελληνικά άλφα ΆΛΦΑ ς',
  'Привет Ёлка',
  'がっこう ガンダム ダンジョン飯 葬送のフリーレン ﾊﾟｰﾃｨｰ',
  '한국 드라마',
  'हिन्दी फ़िल्म',
  'עִבְרִית العَرَبِيَّة ٣٤',
  'the\u0903show the\uE000show x² Ⅻ Ⓐ Ａｂｃ１２３',
]

describe('tokenize', () => {
  test('makes the same tokens as the FTS5 table, script by script', () => {
    const expected = ftsTokens(TEXTS)
    for (const [i, text] of TEXTS.entries()) expect([text, tokenize(text)]).toEqual([text, expected[i]!])
    // Not vacuous: kana keep their voicing mark, Hindi splits at vowel signs, Latin folds.
    expect(tokenize('ガンダム')).toEqual(['ガンダム'])
    expect(tokenize('हिन्दी')).toEqual(['ह', 'न', 'द'])
    expect(tokenize('Ñandú')).toEqual(['nandu'])
  })

  test('agrees with the FTS5 table on every code point of the blocks release names use', () => {
    const blocks = [
      [0x80, 0x24f], // Latin-1 Supplement, Latin Extended-A and -B
      [0x300, 0x52f], // combining marks, Greek, Cyrillic
      [0x590, 0x6ff], // Hebrew, Arabic
      [0x900, 0x97f], // Devanagari
      [0x1e00, 0x1fff], // Latin Extended Additional, Greek Extended
      [0x3040, 0x30ff], // kana
      [0xac00, 0xac7f], // Hangul syllables (a slice)
      [0xff00, 0xffef], // fullwidth and halfwidth forms
    ]
    const texts = blocks
      .flatMap(([from, to]) => Array.from({ length: to! - from! + 1 }, (_, i) => String.fromCodePoint(from! + i)))
      .filter(isInUnicode61)
      .map((char) => (isInUnicode61(char.toUpperCase()) ? `q${char}q ${char.toUpperCase()}` : `q${char}q`))
    const expected = ftsTokens(texts)
    const differing = texts.filter((text, i) => JSON.stringify(tokenize(text)) !== JSON.stringify(expected[i]))
    expect(differing).toEqual([])
  })

  test('a word found by the index is found by the row check', () => {
    // Each token the FTS5 table holds for a text, asked of the row check on that text.
    const indexed = ftsTokens(TEXTS)
    for (const [i, text] of TEXTS.entries())
      for (const token of indexed[i]!) expect([text, holdsWords(text, null, [token])]).toEqual([text, true])
    expect(holdsWords('The.Show', 'Other Title', ['title'])).toBe(true)
    expect(holdsWords('The.Show', null, ['title'])).toBe(false)
    expect(holdsWords('ガンダム', null, ['カンタム'])).toBe(false)
  })

  test('query words become quoted FTS5 terms, operators a user types included', () => {
    expect(toMatchExpression({ text: parseTextQuery('ガンダム OR "web-dl" matr*'), facts: [] })).toBe(
      '{name title} : ("ガンダム"* AND "or" AND "web dl" AND "matr"*)',
    )
  })
})

describe('other spellings of a query word', () => {
  const expression = (q: string) => toMatchExpression({ text: parseTextQuery(q), facts: [] })

  test('a word Sonarr cleaned of its apostrophe also matches the name that kept it', () => {
    // GetQueryTitle deletes [`'.] and writes & as "and": "Grey's Anatomy" is sent as "Greys Anatomy".
    expect(expression('Greys Anatomy')).toBe('{name title} : (("greys" OR "grey s") AND "anatomy")')
    expect(expression('Its Always Sunny')).toBe('{name title} : (("its" OR "it s") AND ("always" OR "alway s") AND "sunny")')
    expect(expression('Dont Look Up')).toBe('{name title} : (("dont" OR "don t") AND "look" AND "up")')
    expect(expression('Youre the Worst')).toBe('{name title} : (("youre" OR "you re") AND "the" AND "worst")')
    // Only real contractions: `agent` is not `agen t`.
    expect(expression('agent event')).toBe('{name title} : ("agent" AND "event")')
  })

  test('a word in capitals also matches its letters apart, as an acronym whose dots were deleted', () => {
    expect(expression('SWAT 2017')).toBe('{name title} : (("swat" OR "s w a t") AND "2017")')
    expect(expression('Marvels Agents of SHIELD')).toBe(
      '{name title} : (("marvels" OR "marvel s") AND ("agents" OR "agent s") AND "of" AND ("shield" OR "s h i e l d"))',
    )
    expect(expression('swat')).toBe('{name title} : ("swat")')
    expect(expression('GREYS*')).toBe('{name title} : ("greys"*)')
  })

  test('a word typed with its apostrophe or dots also matches the name written without them', () => {
    expect(expression("Grey's Anatomy")).toBe('{name title} : (("grey s" OR "greys") AND "anatomy")')
    expect(expression('S.W.A.T.')).toBe('{name title} : (("s w a t" OR "swat"))')
    expect(expression('web-dl')).toBe('{name title} : ("web dl")')
    expect(expression('H.264')).toBe('{name title} : (("h 264" OR "h264"))')
    // Numbers keep their dot: 2.8 is not 28.
    expect(expression('Blender 2.8 5.1')).toBe('{name title} : ("blender" AND "2 8" AND "5 1")')
  })

  test('"and" beside other words is optional, for the names that wrote it as &', () => {
    expect(expression('Law and Order')).toBe('{name title} : ("law" AND "order")')
    expect(parseTextQuery('Law and Order')!.uniqueTokens).toEqual(['law', 'and', 'order'])
    expect(expression('and')).toBe('{name title} : ("and")')
    expect(expression('law "and" order')).toBe('{name title} : ("law" AND "and" AND "order")')
  })
})
