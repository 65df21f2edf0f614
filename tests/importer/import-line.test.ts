import { describe, expect, test } from 'bun:test'
import { parseImportLine } from '../../src/importer'

const HASH = '0123456789abcdef0123456789abcdef01234567'
const parse = (record: Record<string, unknown>) => parseImportLine(JSON.stringify(record))

describe('parseImportLine', () => {
  test('reads the documented fields', () => {
    const parsed = parse({
      infoHash: HASH.toUpperCase(),
      name: ' Dune.Part.Two.2024.2160p.WEB-DL ',
      size: 42,
      files: [
        { path: ['Dune', 'Dune.mkv'], size: 40 },
        { path: '/Dune//Dune.srt/', size: 2 },
      ],
      publishedAt: 1_700_000_000_123,
      seeders: 3,
      leechers: 0,
      source: 'Dump',
    })
    expect(parsed.ok).toBe(true)
    if (!parsed.ok) return
    expect(parsed.item).toMatchObject({
      infoHash: HASH,
      name: 'Dune.Part.Two.2024.2160p.WEB-DL',
      sizeBytes: 42,
      publishedAt: 1_700_000_000,
      seeders: 3,
      leechers: 0,
      source: 'dump',
    })
    expect(parsed.item.files!.map((file) => [file.path, file.fileType])).toEqual([
      ['Dune/Dune.mkv', 'video'],
      ['Dune/Dune.srt', 'subtitle'],
    ])
  })

  test('accepts bitmagnet import lines: base32 hashes, private, and hint fields it does not use', () => {
    const parsed = parse({
      infoHash: 'AERUKZ4JVPG66AJDIVTYTK6N54ASGRLH', // base32 of 0123456789abcdef0123456789abcdef01234567
      name: 'x',
      size: 1,
      private: true,
      contentType: 'movie',
      contentSource: 'tmdb',
      contentId: '693134',
      title: 'Dune',
      releaseYear: 2024,
    })
    expect(parsed).toMatchObject({ ok: true, item: { infoHash: HASH, isPrivate: true } })
  })

  test('sums the file sizes when size is absent', () => {
    const parsed = parse({
      infoHash: HASH,
      name: 'x',
      files: [
        { path: 'a', size: 2 },
        { path: 'b', size: 3 },
      ],
    })
    expect(parsed).toMatchObject({ ok: true, item: { sizeBytes: 5 } })
  })

  test('normalises hostile file paths and the name like a .torrent, keeping every file at its index', () => {
    const paths = [
      '../../etc/passwd',
      ['..', '..', 'etc', 'passwd'],
      '/etc/shadow',
      'a/../../b',
      'C:\\Windows\\evil.exe',
      ['a', '..\\..\\b'],
      '..',
    ]
    const parsed = parse({ infoHash: HASH, name: '../../evil-name', files: paths.map((path) => ({ path, size: 1 })) })
    expect(parsed.ok).toBe(true)
    if (!parsed.ok) return
    expect(parsed.item.name).toBe('evil-name')
    expect(parsed.item.files!.map((file) => [file.index, file.path])).toEqual([
      [0, 'etc/passwd'],
      [1, 'etc/passwd'],
      [2, 'etc/shadow'],
      [3, 'a/b'],
      [4, 'Windows/evil.exe'],
      [5, 'a/b'],
      [6, '_'],
    ])
  })

  test('a name made only of traversal becomes the placeholder _', () => {
    expect(parse({ infoHash: HASH, name: '../..', size: 1 })).toMatchObject({ ok: true, item: { name: '_' } })
  })

  test('keeps an RFC 3339 publish time with an offset', () => {
    expect(parse({ infoHash: HASH, name: 'x', size: 1, publishedAt: '2020-01-01T02:00:00+02:00' })).toMatchObject({
      ok: true,
      item: { publishedAt: 1_577_836_800 },
    })
  })

  test.each([
    [{ name: 'x', size: 1 }, 'infoHash must be 40 hex characters (or 32 base32)'],
    [{ infoHash: HASH.slice(1), name: 'x', size: 1 }, 'infoHash must be 40 hex characters (or 32 base32)'],
    [{ infoHash: 123, name: 'x', size: 1 }, 'infoHash must be 40 hex characters (or 32 base32)'],
    [{ infoHash: HASH, name: '\u0001\u0002', size: 1 }, 'name is missing or empty'],
    [{ infoHash: HASH, name: 'x', size: '12' }, 'size must be a whole number of bytes, 0 or more'],
    [{ infoHash: HASH, name: 'x', size: 1.5 }, 'size must be a whole number of bytes, 0 or more'],
    [{ infoHash: HASH, name: 'x', size: 2 ** 60 }, 'size must be a whole number of bytes, 0 or more'],
    [{ infoHash: HASH, name: 'x', files: {} }, 'files must be a list'],
    [{ infoHash: HASH, name: 'x', files: [{ size: 1 }] }, 'files[0].path is missing'],
    [{ infoHash: HASH, name: 'x', files: [{ path: ' ', size: 1 }] }, 'files[0].path is missing'],
    [{ infoHash: HASH, name: 'x', files: [{ path: [], size: 1 }] }, 'files[0].path is missing'],
    [{ infoHash: HASH, name: 'x', files: [{ path: ['a', 1], size: 1 }] }, 'files[0].path is missing'],
    [{ infoHash: HASH, name: 'x', files: [{ path: 'a', size: -1 }] }, 'files[0].size must be a whole number of bytes, 0 or more'],
    [{ infoHash: HASH, name: 'x', size: 1, publishedAt: 'yesterday' }, 'publishedAt must be an RFC 3339 time or Unix seconds'],
    [{ infoHash: HASH, name: 'x', size: 1, seeders: -3 }, 'seeders must be a whole number, 0 or more'],
    [{ infoHash: HASH, name: 'x', size: 1, source: 'has spaces' }, 'source must be a short key of letters, digits, - or _'],
    [{ infoHash: HASH, name: 'x', size: 1, private: 'yes' }, 'private must be true or false'],
    [{ infoHash: HASH, name: 'x', files: [], filesCount: -2 }, 'filesCount must be a whole number, 0 or more'],
  ])('rejects %j: %s', (record, reason) => {
    expect(parse(record)).toEqual({ ok: false, reason })
  })
})

describe('parseImportLine limits (issue 30.5)', () => {
  const limits = { nameChars: 64, pathChars: 64, files: 3 }
  const files = Array.from({ length: 10 }, (_, i) => ({ path: `${'d'.repeat(i === 0 ? 100 : 1)}/${i}.mkv`, size: i }))

  test('cuts the name and paths, keeps the first files and counts them all', () => {
    const parsed = parseImportLine(JSON.stringify({ infoHash: HASH, name: 'N'.repeat(200), files }), limits)
    if (!parsed.ok) throw new Error(parsed.reason)
    expect(parsed.item.name).toBe(`${'N'.repeat(63)}…`)
    expect(parsed.item.files!.map((file) => [file.index, file.path.length])).toEqual([
      [0, 64],
      [1, 7],
      [2, 7],
    ])
    expect(parsed.item.files![0]!.path.endsWith('…')).toBe(true)
    expect([parsed.item.filesCount, parsed.item.sizeBytes]).toEqual([10, 45])
  })

  test('a dump that lists only some files may give filesCount; a list within the limit carries none', () => {
    const some = parseImportLine(JSON.stringify({ infoHash: HASH, name: 'x', size: 99, files: files.slice(0, 2), filesCount: 40 }), limits)
    expect(some.ok && [some.item.files!.length, some.item.filesCount]).toEqual([2, 40])
    const whole = parseImportLine(JSON.stringify({ infoHash: HASH, name: 'x', files: files.slice(0, 2) }), limits)
    expect(whole.ok && whole.item.filesCount).toBeUndefined()
  })
})
