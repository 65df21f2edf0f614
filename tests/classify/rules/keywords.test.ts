import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DEFAULT_RULES_PATH } from '../../../src/classify/classifier'
import { compileKeywordGroup, compileKeywordPattern, requiredLiteral } from '../../../src/classify/rules/keywords'
import { GramSet, gramsOf } from '../../../src/classify/rules/gram-filter'
import { loadRuleSet } from '../../../src/classify/rules/rule-file'

describe('requiredLiteral', () => {
  test.each([
    ['porn', 'porn'],
    ['*porno*', 'porno'],
    ['docu*', 'docu'],
    ['child porn', 'child'],
    ['e?book', 'book'],
    ['(x|y)vid', 'vid'],
    ['s#e#', 's'],
    ['3d', '3d'],
    ['\\.nfo', 'nfo'],
    ['(a|b)', null],
    ['#', null],
  ])('%s needs %s', (keyword, literal) => {
    expect(requiredLiteral(keyword)).toBe(literal)
  })
})

describe('the keyword language', () => {
  test.each([
    ['child ?porn*', ['childporn', 'child porn', 'CHILD.PORNO', 'child_-_porn'], ['childish porn', 'child', 'grandchild porn']],
    ['(#|10|11|12|13|14|15|16|17) ?y ?o', ['12yo', '9yo girl', '12 yo', '12 y o', '15.y.o'], ['4 you', 'S02 yo', '1080p yoga', '120yo']],
    ['kidd(y*|ie*) ?porn', ['kiddieporn', 'kiddy porn'], ['kidd porn ']],
    ['tits?', ['tit', 'TITS'], ['titsy', 'title']],
    ['docu*', ['docu', 'documentary'], ['adocu']],
    ['#+ ?kbps', ['320kbps', '320 kbps'], ['kbps']],
  ])('%s', (keyword, matching, notMatching) => {
    const pattern = compileKeywordPattern('test', [keyword])
    for (const text of matching) expect({ text, match: pattern.test(text) }).toEqual({ text, match: true })
    for (const text of notMatching) expect({ text, match: pattern.test(text) }).toEqual({ text, match: false })
  })
})

describe('a keyword group with its literal prefilter', () => {
  const names = (
    JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/titles/ptt_js.json'), 'utf8')) as { title: string }[]
  ).map((r) => r.title)
  const hostile = [
    'CHILD.PORN',
    'xxx',
    'Ｐｏｒｎ',
    'porno\u212A',
    'Documentary',
    'docu-series',
    'E-BOOK',
    'ebook',
    'a.SAMPLE.mkv',
    'sample',
    'ſample',
    'ſex',
    '\u212Aids',
    'pre\u212Aeen',
    'gameſ',
    'ᴘᴏʀɴ',
  ]
  const { keywords } = loadRuleSet(DEFAULT_RULES_PATH)

  test.each(Object.keys(keywords))('%s matches exactly what its full pattern matches', (group) => {
    const matcher = compileKeywordGroup(group, keywords[group]!)
    const full = compileKeywordPattern(group, keywords[group]!)
    let hits = 0
    // Long texts (a torrent's paths) take the literal-pattern screen instead of the gram set, so
    // the hostile spellings are tried there too.
    const long = hostile.map((spelling) => `${'Some.Folder/file.mkv\n'.repeat(10)}${spelling}`)
    for (const text of [...names, ...hostile, ...long, names.slice(0, 50).join('\n')]) {
      expect({ group, text, match: matcher.test(text) }).toEqual({ group, text, match: full.test(text) })
      if (full.test(text)) hits++
    }
    expect(hits).toBeLessThan(names.length)
  })
})

describe('the gram set', () => {
  const names = (
    JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/titles/ptt_js.json'), 'utf8')) as { title: string }[]
  ).map((r) => r.title)
  const literals = ['x', 'yo', 'web', 'remux', 'x264', '1080p', 'documentary', 'sample', 'porn', 'kids']

  test('never turns away a literal the text holds, in any case or through the long s and Kelvin sign', () => {
    const grams = new GramSet()
    const texts = [...names, 'ſample', '\u212Aids', 'REMUX', 'Ｐｏｒｎ porn']
    for (const text of texts) {
      grams.load(text)
      const folded = text.toLowerCase().replaceAll('ſ', 's')
      for (const literal of literals)
        if (folded.includes(literal))
          expect({ text, literal, pass: grams.mightHold(gramsOf(literal)) }).toEqual({ text, literal, pass: true })
    }
  })

  test('turns away most literals a text lacks', () => {
    const grams = new GramSet()
    let absent = 0
    let passed = 0
    for (const text of names) {
      grams.load(text)
      for (const literal of ['documentary', 'hebefilia', 'audiobook', 'kinderkutje', 'gamecube', 'onlyfans']) {
        if (text.toLowerCase().includes(literal)) continue
        absent++
        if (grams.mightHold(gramsOf(literal))) passed++
      }
    }
    expect(passed / absent).toBeLessThan(0.01)
  })
})
