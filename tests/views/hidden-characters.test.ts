import { describe, expect, test } from 'bun:test'
import { hasHiddenCharacters, revealHiddenCharacters } from '../../views/hidden-characters'

describe('revealHiddenCharacters', () => {
  test('an executable dressed as a document shows what it is', () => {
    expect(revealHiddenCharacters('Invoice\u202Efdp.exe')).toBe('Invoice⟨U+202E⟩fdp.exe')
  })

  test('every bidi control, invisible format character and control character gets a marker', () => {
    const hidden = [
      0x0000, 0x0007, 0x001b, 0x007f, 0x0085, 0x00ad, 0x061c, 0x180e, 0x200b, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e,
      0x2060, 0x2066, 0x2067, 0x2068, 0x2069, 0xfeff, 0xe0001, 0xe0041,
    ]
    for (const codePoint of hidden) {
      const character = String.fromCodePoint(codePoint)
      const marker = `⟨U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}⟩`
      expect([codePoint, revealHiddenCharacters(`a${character}b`)]).toEqual([codePoint, `a${marker}b`])
      expect(hasHiddenCharacters(character)).toBe(true)
    }
  })

  test('ordinary text, tabs, line breaks, other scripts, joiners and emoji are left as they are', () => {
    const ordinary = [
      'Dune.Part.Two.2024.2160p.WEB-DL.x265',
      'line one\n\tline two\r\n',
      'مرحبا بالعالم',
      'میخواهم\u200Cبروم',
      'क्‍ष',
      '👨\u200D👩\u200D👧',
      'Amélie (2001) 日本語',
    ]
    for (const text of ordinary) {
      expect(revealHiddenCharacters(text)).toBe(text)
      expect(hasHiddenCharacters(text)).toBe(false)
    }
  })
})
