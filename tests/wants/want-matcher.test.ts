import { describe, expect, test } from 'bun:test'
import { compileWantMatcher } from '../../src/wants/want-matcher'
import { wordsOf } from '../../src/vocabulary'

describe('wordsOf', () => {
  test('splits on everything but letters and digits, in any script, lowercased', () => {
    expect(wordsOf('The.Matrix_1999-[1080p] (x264)')).toEqual(['the', 'matrix', '1999', '1080p', 'x264'])
    expect(wordsOf('Amélie.2001.FRENCH')).toEqual(['amélie', '2001', 'french'])
    expect(wordsOf('Ａｍｅｌｉｅ')).toEqual(['amelie'])
    expect(wordsOf('Ame\u0301lie')).toEqual(['amélie'.normalize('NFKC')])
    expect(wordsOf('千と千尋の神隠し 2001')).toEqual(['千と千尋の神隠し', '2001'])
    expect(wordsOf('Москва.Слезам.Не.Верит')).toEqual(['москва', 'слезам', 'не', 'верит'])
    expect(wordsOf(' .-_ ')).toEqual([])
  })
})

describe('compileWantMatcher', () => {
  const matcher = compileWantMatcher([
    { id: 'dune', query: 'Dune Part Two', contentType: 'movie' },
    { id: 'dune-2160', query: 'dune 2160p', contentType: 'movie' },
    { id: 'dune-show', query: 'Dune', contentType: 'tv_show' },
  ])

  test('every word of the query, in any order and case, with the content type', () => {
    expect(matcher.match('Dune.Part.Two.2024.2160p.WEB-DL', 'movie')).toEqual(['dune', 'dune-2160'])
    expect(matcher.match('two PART dune 1080p', 'movie')).toEqual(['dune'])
    expect(matcher.match('Dune.Prophecy.S01E01.1080p', 'tv_show')).toEqual(['dune-show'])
  })

  test('a missing word, a word only inside another, or another content type is no match', () => {
    expect(matcher.match('Dune.Part.One.2021.1080p', 'movie')).toEqual([])
    expect(matcher.match('Dunes.Part.Two.2024', 'movie')).toEqual([])
    expect(matcher.match('Dune.Part.Two.2024.2160p', 'tv_show')).toEqual(['dune-show'])
    expect(matcher.match('Dune.Part.Two.2024.2160p', 'music')).toEqual([])
  })

  test('no wants: empty, matching nothing', () => {
    const none = compileWantMatcher([])
    expect(none.isEmpty).toBe(true)
    expect(none.match('Dune', 'movie')).toEqual([])
  })
})
