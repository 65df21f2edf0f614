import { describe, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import { MetainfoError, parseInfoDict, parseTorrentFile } from '../../src/metainfo'
import { expectedKey, readTorrentFixture, torrentFixtures } from '../support/torrent-fixtures'

const isPadding = (path: string) => /(^|\/)\.pad\//.test(path)

describe('parseTorrentFile on the real corpus', () => {
  test.each(torrentFixtures.map((fixture) => [fixture.file, fixture] as const))('%s', (_, fixture) => {
    const metainfo = parseTorrentFile(readTorrentFixture(fixture.file))
    expect(metainfo.infoHash).toBe(expectedKey(fixture))
    expect(metainfo.infoHashV2).toBe(fixture.infohash_v2 ?? null)
    expect(metainfo.name).toBe(fixture.name)
    expect(metainfo.isPrivate).toBe(fixture.private ?? false)

    const realFiles = fixture.files.filter((file) => !isPadding(file.path))
    const prefix =
      fixture.files.length === 1 && fixture.file_count === 1 && fixture.files[0]!.path === fixture.name ? '' : `${fixture.name}/`
    expect(metainfo.files.map((file) => prefix + file.path).sort()).toEqual(realFiles.map((file) => file.path).sort())
    expect(metainfo.sizeBytes).toBe(realFiles.reduce((total, file) => total + file.length, 0))
  })

  test('leaves BEP 47 padding files out but keeps the original file indexes', () => {
    const metainfo = parseTorrentFile(readTorrentFixture('bittorrent-v2-hybrid.torrent'))
    expect(metainfo.files.some((file) => file.path.includes('.pad'))).toBe(false)
    expect(metainfo.files.map((file) => file.index)).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16])
  })

  test('keys a v2-only torrent by its truncated SHA-256 and keeps the full hash', () => {
    const metainfo = parseTorrentFile(readTorrentFixture('bittorrent-v2-only.torrent'))
    expect(metainfo.infoHashV2).toHaveLength(64)
    expect(metainfo.infoHash).toBe(metainfo.infoHashV2!.slice(0, 40))
  })

  test('gives files their extension and type', () => {
    const metainfo = parseTorrentFile(readTorrentFixture('z-nation-s01e12.torrent'))
    const byPath = Object.fromEntries(metainfo.files.map((file) => [file.path, file]))
    expect(byPath['z.nation.112.hdtv-lol.mp4']).toMatchObject({ extension: 'mp4', fileType: 'video' })
    expect(byPath['cmt.nfo']).toMatchObject({ extension: 'nfo', fileType: 'document' })
  })
})

/** Builds bencode by hand, so that key order and odd bytes are exactly what the test says. */
const str = (text: string | Uint8Array) => {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text
  return Buffer.concat([Buffer.from(`${bytes.length}:`), bytes])
}
const dict = (...entries: [string, Buffer][]) =>
  Buffer.concat([Buffer.from('d'), ...entries.flatMap(([key, value]) => [str(key), value]), Buffer.from('e')])
const int = (value: number) => Buffer.from(`i${value}e`)
const list = (...items: Buffer[]) => Buffer.concat([Buffer.from('l'), ...items, Buffer.from('e')])
const pieces = str(new Uint8Array(20))

describe('parseInfoDict', () => {
  test('reads a sloppy outer dict leniently and hashes the info dict bytes as given', () => {
    const info = dict(['length', int(5)], ['name', str('sloppy')], ['piece length', int(16384)], ['pieces', pieces])
    const torrent = Buffer.concat([
      Buffer.from('d'),
      ...[str('info'), info, str('announce'), str('udp://a.example:80'), str('announce'), str('udp://b.example:80')],
      ...[str('creation date'), Buffer.from('i01e'), str('comment'), str('x'), str('x'), Buffer.from('i-0e')],
      // and no final e
    ])
    const metainfo = parseTorrentFile(torrent)
    expect(metainfo.name).toBe('sloppy')
    expect(metainfo.infoHash).toBe(createHash('sha1').update(info).digest('hex'))
  })

  test('decodes names as UTF-8 with replacement and strips control characters', () => {
    const badName = Buffer.concat([Buffer.from('Bad\u0007Name\t'), Buffer.from([0xff, 0xfe]), Buffer.from(' ok')])
    const metainfo = parseInfoDict(dict(['length', int(1)], ['name', str(badName)], ['pieces', pieces]))
    expect(metainfo.name).toBe('BadName \ufffd\ufffd ok')
  })

  test('a line break or tab inside a name separates its words; other control characters go', () => {
    const metainfo = parseInfoDict(dict(['length', int(1)], ['name', str('Newline\nIn\tName\r\nx\u0007y')], ['pieces', pieces]))
    expect(metainfo.name).toBe('Newline In Name xy')
  })

  test('prefers name.utf-8 and path.utf-8 when present', () => {
    const info = dict(
      ['files', list(dict(['length', int(3)], ['path', list(str('x'))], ['path.utf-8', list(str('Déjà vu.mkv'))]))],
      ['name', str('legacy')],
      ['name.utf-8', str('Café')],
      ['pieces', pieces],
    )
    const metainfo = parseInfoDict(info)
    expect(metainfo.name).toBe('Café')
    expect(metainfo.files[0]!.path).toBe('Déjà vu.mkv')
  })

  test('drops BitComet-style padding files named _____padding_file_', () => {
    const info = dict(
      [
        'files',
        list(
          dict(['length', int(10)], ['path', list(str('a.mkv'))]),
          dict(['length', int(6)], ['path', list(str('_____padding_file_0_if you see this'))]),
          dict(['length', int(4)], ['path', list(str('b.srt'))]),
        ),
      ],
      ['name', str('pack')],
      ['pieces', pieces],
    )
    const metainfo = parseInfoDict(info)
    expect(metainfo.files.map((file) => file.path)).toEqual(['a.mkv', 'b.srt'])
    expect(metainfo.sizeBytes).toBe(14)
  })

  test('normalises hostile v1 file paths and the name, keeping every file at its index', () => {
    const file = (length: number, ...path: string[]) => dict(['length', int(length)], ['path', list(...path.map((s) => str(s)))])
    const info = dict(
      [
        'files',
        list(
          file(1, '..', '..', 'etc', 'passwd'),
          file(2, '../../etc/passwd'),
          file(3, '/etc/shadow'),
          file(4, 'a', '..', '..', 'b'),
          file(5, 'C:\\Windows\\evil.exe'),
          file(6, '..'),
        ),
      ],
      ['name', str('../../evil-name')],
      ['pieces', pieces],
    )
    const metainfo = parseInfoDict(info)
    expect(metainfo.name).toBe('evil-name')
    expect(metainfo.files.map((f) => [f.index, f.path])).toEqual([
      [0, 'etc/passwd'],
      [1, 'etc/passwd'],
      [2, 'etc/shadow'],
      [3, 'a/b'],
      [4, 'Windows/evil.exe'],
      [5, '_'],
    ])
    expect(metainfo.files[4]!.extension).toBe('exe')
  })

  test('normalises hostile v2 file tree segments', () => {
    const leaf = (length: number) => dict(['', dict(['length', int(length)])])
    const tree = dict(
      ['.', leaf(1)],
      ['..', dict(['..', dict(['etc', dict(['passwd', leaf(2)])])])],
      ['/etc', dict(['shadow', leaf(3)])],
      ['C:\\Windows\\evil.exe', leaf(4)],
      ['a', dict(['..', dict(['..', dict(['b', leaf(5)])])])],
    )
    const info = dict(['file tree', tree], ['meta version', int(2)], ['name', str('/etc')], ['piece length', int(16384)])
    const metainfo = parseInfoDict(info)
    expect(metainfo.name).toBe('etc')
    expect(metainfo.files.map((f) => f.path)).toEqual(['_', 'etc/passwd', 'etc/shadow', 'Windows/evil.exe', 'a/b'])
    expect(metainfo.sizeBytes).toBe(15)
  })

  test.each([
    ['../../evil-name', 'evil-name'],
    ['C:\\evil.exe', 'evil.exe'],
    ['/etc/passwd', 'etc/passwd'],
    ['..', '_'],
  ])('a single-file torrent named %j is named and holds %j', (raw, expected) => {
    const metainfo = parseInfoDict(dict(['length', int(1)], ['name', str(raw)], ['pieces', pieces]))
    expect(metainfo.name).toBe(expected)
    expect(metainfo.files.map((f) => f.path)).toEqual([expected])
  })

  test.each([
    ['empty input', Buffer.alloc(0)],
    ['not a dictionary', Buffer.from('i42e')],
    ['truncated', Buffer.from('d4:name3:ab')],
    ['no pieces and no file tree', dict(['length', int(1)], ['name', str('x')])],
    ['no name', dict(['length', int(1)], ['pieces', pieces])],
    ['negative length', dict(['length', int(-1)], ['name', str('x')], ['pieces', pieces])],
    ['files that are not dictionaries', dict(['files', list(int(1))], ['name', str('x')], ['pieces', pieces])],
    ['a file without a path', dict(['files', list(dict(['length', int(1)]))], ['name', str('x')], ['pieces', pieces])],
    ['an empty v2 file tree', dict(['file tree', dict()], ['meta version', int(2)], ['name', str('x')])],
  ])('rejects %s with a MetainfoError', (_, bytes) => {
    expect(() => parseInfoDict(bytes)).toThrow(MetainfoError)
  })

  // Raw bencode text, so each malformed form is exactly the bytes named.
  const PIECES = `6:pieces20:${'\0'.repeat(20)}`
  const canonical = `d6:lengthi5e4:name1:x${PIECES}e`
  test.each([
    ['duplicate keys', `d6:lengthi5e6:lengthi5e4:name1:x${PIECES}e`, 'duplicate key "length"'],
    ['unsorted keys', `d4:name1:x6:lengthi5e${PIECES}e`, 'key "length" out of sorted order'],
    ['a leading zero: i01e', `d6:lengthi01e4:name1:x${PIECES}e`, 'integer with a leading zero'],
    ['negative zero: i-0e', `d6:lengthi5e4:name1:x${PIECES}7:privatei-0ee`, 'integer -0'],
    ['no final e', canonical.slice(0, -1), 'missing e'],
    ['a list without its e', 'd5:filesld6:lengthi5e4:pathl1:xe', 'missing e'],
    ['unsorted keys in a nested file dict', `d5:filesld4:pathl1:xe6:lengthi5eee4:name1:x${PIECES}e`, 'key "length" out of sorted order'],
    ['a string length with a leading zero', `d6:lengthi5e4:name01:x${PIECES}e`, 'string length with a leading zero'],
    ['an integer without digits', `d6:lengthi-e4:name1:x${PIECES}e`, 'malformed integer'],
    ['a key that is not a string', 'di1ei2ee', 'dictionary key is not a string'],
    ['bytes after the dict', `${canonical}0:`, 'bytes after the end of the value'],
  ])('rejects an info dict with %s', (_, text, reason) => {
    const info = Buffer.from(text, 'latin1')
    expect(() => parseInfoDict(info)).toThrow(MetainfoError)
    expect(() => parseInfoDict(info)).toThrow(reason)
  })

  test('rejects a non-canonical info dict inside an otherwise good .torrent', () => {
    const info = Buffer.from(`d6:lengthi01e4:name1:x${PIECES}e`, 'latin1')
    expect(() => parseTorrentFile(dict(['announce', str('x')], ['info', info]))).toThrow('integer with a leading zero')
  })

  test('accepts the canonical form of the same dict', () => {
    expect(parseInfoDict(Buffer.from(canonical, 'latin1')).name).toBe('x')
  })

  test('keeps a v2 file named __proto__ as a file', () => {
    const leaf = (length: number) => dict(['', dict(['length', int(length)])])
    const tree = dict(['__proto__', leaf(1)], ['a', leaf(2)])
    const metainfo = parseInfoDict(dict(['file tree', tree], ['meta version', int(2)], ['name', str('p')], ['piece length', int(16384)]))
    expect(metainfo.files.map((f) => f.path)).toEqual(['__proto__', 'a'])
  })

  test('rejects a .torrent without an info dictionary', () => {
    expect(() => parseTorrentFile(dict(['announce', str('x')]))).toThrow('no info dictionary')
  })

  test('survives deeply nested garbage without crashing', () => {
    const deep = Buffer.from(`d4:infod5:filesl${'l'.repeat(10_000)}${'e'.repeat(10_000)}eee`)
    expect(() => parseTorrentFile(deep)).toThrow(MetainfoError)
  })
})

describe('limits (issue 30.5)', () => {
  const limits = { nameChars: 512, pathChars: 1024, files: 1000 }
  const v1File = (length: number, ...path: string[]) => dict(['length', int(length)], ['path', list(...path.map((s) => str(s)))])

  test('a 9 MiB name is cut to SERVICE_MAX_NAME_LENGTH and marked; a normal one is unchanged', () => {
    const huge = parseTorrentFile(
      dict(['info', dict(['length', int(1)], ['name', str('N'.repeat(9 * 1024 * 1024))], ['pieces', pieces])]),
      limits,
    )
    expect(huge.name).toBe(`${'N'.repeat(511)}…`)
    expect(huge.files[0]!.path).toBe(huge.name)
    const normal = parseInfoDict(dict(['length', int(1)], ['name', str('Dune.Part.Two.2024.2160p.WEB-DL.mkv')], ['pieces', pieces]), limits)
    expect(normal.name).toBe('Dune.Part.Two.2024.2160p.WEB-DL.mkv')
  })

  test('a path past SERVICE_MAX_PATH_LENGTH is cut and marked, a surrogate pair never split', () => {
    const info = dict(
      ['files', list(v1File(1, 'd'.repeat(600), `${'e'.repeat(421)}😀x.mkv`), v1File(2, 'ok.srt'))],
      ['name', str('long')],
      ['pieces', pieces],
    )
    const [long, short] = parseInfoDict(info, limits).files
    expect(long!.path).toHaveLength(1023)
    expect(long!.path).toBe(`${'d'.repeat(600)}/${'e'.repeat(421)}…`)
    expect(short!.path).toBe('ok.srt')
  })

  test('files past SERVICE_MAX_FILES_PER_TORRENT are counted and summed, not listed; padding counts for neither', () => {
    const entries = Array.from({ length: 5000 }, (_, i) =>
      i % 2 ? dict(['attr', str('p')], ['length', int(7)], ['path', list(str('.pad'), str('7'))]) : v1File(i, `file-${i}.bin`),
    )
    const metainfo = parseInfoDict(dict(['files', list(...entries)], ['name', str('many')], ['pieces', pieces]), limits)
    expect(metainfo.files).toHaveLength(1000)
    expect(metainfo.files.at(-1)).toMatchObject({ index: 1998, path: 'file-1998.bin' })
    expect(metainfo.filesCount).toBe(2500)
    expect(metainfo.sizeBytes).toBe(Array.from({ length: 2500 }, (_, i) => 2 * i).reduce((a, b) => a + b, 0))
  })

  test('a v2 file tree is listed to the same limit, in its sorted order', () => {
    const leaf = (length: number) => dict(['', dict(['length', int(length)])])
    const names = Array.from({ length: 1500 }, (_, i) => `f${String(i).padStart(4, '0')}`)
    const tree = dict(['dir', dict(...names.map((name): [string, Buffer] => [name, leaf(3)]))])
    const metainfo = parseInfoDict(
      dict(['file tree', tree], ['meta version', int(2)], ['name', str('v2')], ['piece length', int(16384)]),
      limits,
    )
    expect(metainfo.files).toHaveLength(1000)
    expect(metainfo.files[999]!.path).toBe('dir/f0999')
    expect([metainfo.filesCount, metainfo.sizeBytes]).toEqual([1500, 4500])
  })

  test('a non-canonical entry past the listed files is still refused: the info hash names one encoding', () => {
    const bad = Buffer.from('d6:lengthi01e4:pathl1:xee', 'latin1')
    const entries = [...Array.from({ length: 1200 }, (_, i) => v1File(1, `${i}`)), bad]
    expect(() => parseInfoDict(dict(['files', list(...entries)], ['name', str('x')], ['pieces', pieces]), limits)).toThrow(
      'integer with a leading zero',
    )
  })
})
