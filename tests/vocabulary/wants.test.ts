import { describe, expect, test } from 'bun:test'
import { wordsOf } from '../../src/vocabulary'

describe('want words', () => {
  test('release-name punctuation separates words, and case and width do not matter', () => {
    expect(wordsOf('Amélie.2001.1080p_BluRay-GRP [x264]')).toEqual(['amélie', '2001', '1080p', 'bluray', 'grp', 'x264'])
    expect(wordsOf('ＡＭＥＬＩＥ')).toEqual(['amelie'])
  })

  test('any script is a word; a combining mark stays with its letter', () => {
    expect(wordsOf('機動戦士 Gundam')).toEqual(['機動戦士', 'gundam'])
    expect(wordsOf('Ame\u0301lie')).toEqual(['amélie'])
  })

  test('text of punctuation alone has no words', () => {
    expect(wordsOf(' .-_[]!? ')).toEqual([])
    expect(wordsOf('')).toEqual([])
  })
})
