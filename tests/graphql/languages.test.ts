import { describe, expect, test } from 'bun:test'
import { buildSchema, type GraphQLEnumType } from 'graphql'
import { describeReleaseName, loadClassifier } from '../../src/classify'
import { languageInfo } from '../../src/graphql/languages'
import { TYPE_DEFS } from '../../src/graphql/routes'

describe('the Language enum', () => {
  const language = buildSchema(TYPE_DEFS).getType('Language') as GraphQLEnumType
  const classifier = loadClassifier()

  test('holds every code the classifier gives, the specials included, so a facet of them serialises', () => {
    const names = ['Moonfall.2012.German.ML.1080p.BluRay', 'Moonfall.2012.MULTi.1080p.BluRay', 'Moonfall.2012.Dual.Audio.1080p']
    const codes = new Set(names.flatMap((name) => describeReleaseName(classifier, name).languages))
    expect([...codes].sort()).toEqual(['de', 'dual', 'en', 'multi', 'original'])
    for (const code of codes) expect(language.serialize(code)).toBe(code)
  })

  test('names the specials in words', () => {
    expect(languageInfo('original')).toMatchObject({ code: 'original', name: 'Original language' })
    expect(languageInfo('multi').name).toBe('Multiple languages')
    expect(languageInfo('de').name).toBe('German')
  })
})
