import { describe, expect, test } from 'bun:test'
import { normaliseFilePath } from '../../src/metainfo'

describe('normaliseFilePath', () => {
  test.each([
    ['../../etc/passwd', 'etc/passwd'],
    ['/etc/shadow', 'etc/shadow'],
    ['a/../../b', 'a/b'],
    ['C:\\Windows\\evil.exe', 'Windows/evil.exe'],
    ['c:/Windows/evil.exe', 'Windows/evil.exe'],
    ['\\\\server\\share\\x.bin', 'server/share/x.bin'],
    ['..\\..\\evil-name', 'evil-name'],
    ['./a/./b/', 'a/b'],
    ['a//b', 'a/b'],
    ['.../x', 'x'],
    [' .. /\u0000x\u0007 ', 'x'],
    ['Dune: Part Two/Dune.mkv', 'Dune: Part Two/Dune.mkv'],
    ['..hidden/..x../a..b', '..hidden/..x../a..b'],
  ])('%j becomes %j', (raw, expected) => {
    expect(normaliseFilePath(raw)).toBe(expected)
  })

  test('splits segments that hold separators themselves', () => {
    expect(normaliseFilePath(['..', '..', 'etc', 'passwd'])).toBe('etc/passwd')
    expect(normaliseFilePath(['a', '../../b\\c', 'C:', 'd'])).toBe('a/b/c/d')
  })

  test.each([['..'], ['/'], ['\\'], ['C:\\'], ['./.'], ['']])('%j, all traversal, becomes the placeholder _', (raw) => {
    expect(normaliseFilePath(raw)).toBe('_')
    expect(normaliseFilePath([raw, raw])).toBe('_')
  })
})
