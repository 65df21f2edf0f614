import { describe, expect, test } from 'bun:test'
import { isTagName, normaliseTag, TAG_MAX_LENGTH } from '../../src/vocabulary'

describe('the tag rule', () => {
  test('takes lowercase letters and digits joined by single dashes, up to the longest the core stores', () => {
    for (const tag of ['anime', '4k', 'sci-fi', 'xbox-360', 'a'.repeat(TAG_MAX_LENGTH)])
      expect({ tag, ok: isTagName(tag) }).toEqual({ tag, ok: true })
  })

  test('refuses anything else', () => {
    const refused = [
      '',
      'Sci-Fi',
      'sci fi',
      'sci--fi',
      '-anime',
      'anime-',
      'sci_fi',
      'ámélie',
      'a'.repeat(TAG_MAX_LENGTH + 1),
      'tag\n',
      null,
      42,
      ['anime'],
    ]
    for (const value of refused) expect({ value, ok: isTagName(value) }).toEqual({ value, ok: false })
  })

  test('a typed tag is trimmed, lowercased and its spaces made dashes; what it cannot fix stays for the rule to refuse', () => {
    expect(normaliseTag('  Sci Fi  ')).toBe('sci-fi')
    expect(normaliseTag('Director\tCut')).toBe('director-cut')
    expect(isTagName(normaliseTag('Sci Fi'))).toBe(true)
    expect(isTagName(normaliseTag('sci_fi!'))).toBe(false)
  })
})
