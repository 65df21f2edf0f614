import { describe, expect, test } from 'bun:test'
import { Environment } from '@marcbachmann/cel-js'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DEFAULT_RULES_PATH, createClassifier } from '../../../src/classify/classifier'
import { compileCel } from '../../../src/classify/rules/cel-compiler'
import { compileRules } from '../../../src/classify/rules/rule-engine'
import { loadRuleSet } from '../../../src/classify/rules/rule-file'
import { extensionOf, fileTypeOf, parseTorrentFile } from '../../../src/metainfo'
import { syntheticTorrent } from '../../../bench/support/synthetic-releases'
import { createRandom } from '../../support/seeded-random'
import { readTorrentFixture, torrentFixtures } from '../../support/torrent-fixtures'

const titles = (file: string) =>
  (JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/titles', file), 'utf8')) as { title: string }[]).map(
    (record) => record.title,
  )

describe('rules compiled to closures', () => {
  const ruleSet = loadRuleSet(DEFAULT_RULES_PATH)
  const compiled = createClassifier(compileRules(ruleSet))
  const interpreted = createClassifier(compileRules(ruleSet, { interpretOnly: true }))
  const random = createRandom(5)
  const inputs = [
    ...[...titles('ptt_js.json'), ...titles('ptt_py.json')].map((name) => ({ name, sizeBytes: 1_000_000_000, files: null, tags: [] })),
    ...torrentFixtures.map((fixture) => {
      const metainfo = parseTorrentFile(readTorrentFixture(fixture.file))
      return { name: metainfo.name, sizeBytes: metainfo.sizeBytes, files: metainfo.files, tags: [] }
    }),
    ...Array.from({ length: 500 }, (_, i) => {
      const torrent = syntheticTorrent(random, i)
      const files = torrent.files.map((file, index) => {
        const extension = extensionOf(file.path)
        return { index, path: file.path, sizeBytes: file.size, extension, fileType: fileTypeOf(extension) }
      })
      return { name: torrent.name, sizeBytes: torrent.size, files, tags: [] }
    }),
  ]

  test('cover every default rule', () => {
    expect(compileRules(ruleSet).interpretedRuleIds).toEqual([])
  })

  test('decide exactly what cel-js decides, rule by rule, on every corpus name and torrent', () => {
    expect(inputs.length).toBeGreaterThan(2000)
    for (const input of inputs) {
      const ours = compiled.classify(input)
      const reference = interpreted.classify(input)
      expect({ name: input.name, outcome: ours }).toEqual({ name: input.name, outcome: reference })
    }
  })
})

describe('compileCel', () => {
  const env = new Environment({ unlistedVariablesAreDyn: false })
    .registerVariable('n', 'int')
    .registerVariable('d', 'double')
    .registerVariable('s', 'string')
    .registerVariable('l', 'list<string>')
    .registerVariable('m', 'map<string, double>')
  const context = { n: 3n, d: 0.5, s: 'Hello World', l: ['a', 'b'], m: new Map([['video', 0.75]]) }
  const options = { constants: new Map<string, unknown>([['mb', 1e6]]), functions: {} }

  test.each([
    'n > 2 && d < 1.0',
    'n == 3 || false',
    '!(n != 3)',
    '-n < 0',
    'n * 2 == 6',
    'n / 2 == 1',
    'n % 2 == 1',
    'd + 0.25 == 0.75',
    '"a" in l && !("c" in l)',
    '"video" in m',
    'm.video > 0.5',
    'm["video"] >= 0.75',
    'size(l) == 2 && size(s) == 11 && size(m) == 1',
    's.contains("World") && s.startsWith("Hell") && s.endsWith("ld")',
    's.matches("^H[a-z]+ W")',
    'n > 5 ? false : true',
    'l == ["a", "b"]',
    's + "!" == "Hello World!"',
  ])('%s agrees with cel-js', (expression) => {
    const program = env.parse(expression)
    const closure = compileCel(program.ast, options)
    expect(closure).not.toBeNull()
    expect(closure!(context)).toEqual(program(context))
  })

  test('an error on one side of && or || is absorbed when the other side decides, as in CEL', () => {
    const program = env.parse('m.missing > 0.0 || n == 3')
    expect(program(context)).toBe(true)
    expect(compileCel(program.ast, options)!(context)).toBe(true)
    // The error comes first and the right side decides.
    expect(env.parse('m.missing > 0.0 && n == 4')(context)).toBe(false)
    expect(compileCel(env.parse('m.missing > 0.0 && n == 4').ast, options)!(context)).toBe(false)
    const failing = compileCel(env.parse('m.missing > 0.0 && n == 3').ast, options)!
    expect(() => failing(context)).toThrow()
  })

  test('leaves macros and map literals to cel-js', () => {
    expect(compileCel(env.parse('l.exists(x, x == "a")').ast, options)).toBeNull()
    expect(compileCel(env.parse('{"a": 1}["a"] == 1').ast, options)).toBeNull()
  })
})
