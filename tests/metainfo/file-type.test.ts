import { describe, expect, test } from 'bun:test'
import { extensionOf, fileTypeOf, normaliseInfoHash } from '../../src/metainfo'

describe('extensionOf', () => {
  test.each([
    ['Movie.2020.1080p.MKV', 'mkv'],
    ['dir/sub/episode.s01e01.srt', 'srt'],
    ['archive.tar.gz', 'gz'],
    ['dir.with.dots/README', null],
    ['.hidden', null],
    ['dir/.nfo', null],
    ['trailing.', null],
    ['name.waytoolongextension', null],
    ['name.ex t', null],
  ])('%s -> %s', (path, expected) => {
    expect(extensionOf(path)).toBe(expected)
  })
})

describe('fileTypeOf', () => {
  test.each([
    ['mkv', 'video'],
    ['flac', 'audio'],
    ['iso', 'archive'],
    ['epub', 'document'],
    ['jpg', 'image'],
    ['exe', 'executable'],
    ['srt', 'subtitle'],
    ['dat', 'other'],
    [null, 'other'],
  ])('%s -> %s', (extension, expected) => {
    expect(fileTypeOf(extension)).toBe(expected as never)
  })
})

describe('normaliseInfoHash', () => {
  test('lowercases hex', () => {
    expect(normaliseInfoHash('C334138EF5BFC2D568EA7324E0E2A3A7EC229BDD')).toBe('c334138ef5bfc2d568ea7324e0e2a3a7ec229bdd')
  })
  test('decodes the base32 form used by some magnets', () => {
    // base32 of the 20 bytes 0x00..0x13
    expect(normaliseInfoHash('AAAQEAYEAUDAOCAJBIFQYDIOB4IBCEQT')).toBe('000102030405060708090a0b0c0d0e0f10111213')
  })
  test.each(['', 'xyz', 'g'.repeat(40), 'a'.repeat(39), 'a'.repeat(41)])('rejects %p', (text) => {
    expect(normaliseInfoHash(text)).toBeUndefined()
  })
})
