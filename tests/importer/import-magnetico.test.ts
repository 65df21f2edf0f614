/**
 * `cli import` of a magnetico database (recognised by the SQLite header, whatever its name) and
 * of magnetico's JSON export: every torrent with its files, classified, published when magnetico
 * discovered it, source `magnetico`; damaged rows rejected by id; a SQLite file that is not
 * magnetico's rejected as a whole.
 */
import { Database } from 'bun:sqlite'
import { describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { openDatabase } from '../../src/store/sqlite'
import { type MagneticoTorrent, writeMagneticoDatabase } from '../support/magnetico-db'
import { runCli } from '../support/processes'
import { makeTempDir } from '../support/temp-dir'

const COUNT = 3_000
const DISCOVERED_ON = 1_600_000_000

/** Letters only (a number in a release name reads as an episode or a year), no vowels (no words). */
const wordOf = (i: number): string => [...String(i)].map((digit) => 'bcdfghjkmn'[Number(digit)]).join('')
const hashOf = (i: number) => Buffer.from(i.toString(16).padStart(40, '0'), 'hex')

function torrentAt(i: number): MagneticoTorrent {
  const discoveredOn = DISCOVERED_ON + i
  if (i % 3 === 0)
    return {
      infoHash: hashOf(i),
      name: `Some.Movie.${wordOf(i)}.2019.1080p.BluRay.x264-GRP`,
      totalSize: 8e9,
      discoveredOn,
      files: [
        { path: `Some.Movie.${wordOf(i)}.2019.1080p.BluRay.x264-GRP/movie.mkv`, size: 8e9 - 100 },
        { path: `Some.Movie.${wordOf(i)}.2019.1080p.BluRay.x264-GRP/movie.nfo`, size: 100 },
      ],
    }
  if (i % 3 === 1)
    return {
      infoHash: hashOf(i),
      name: `Some.Show.S01E${String((i % 20) + 1).padStart(2, '0')}.720p.HDTV.x264-GRP`,
      totalSize: 7e8,
      discoveredOn,
      files: [{ path: `Some.Show.S01E${String((i % 20) + 1).padStart(2, '0')}.720p.HDTV.x264-GRP.mkv`, size: 7e8 }],
    }
  return {
    infoHash: hashOf(i),
    name: `Artist ${wordOf(i)} - Album (2001) [FLAC]`,
    totalSize: 3e8,
    discoveredOn,
    files: Array.from({ length: 10 }, (_, track) => ({ path: `Artist ${wordOf(i)} - Album/${track + 1} - Song.flac`, size: 3e7 })),
  }
}

describe('cli import of a magnetico database', () => {
  const dataDir = makeTempDir()
  const path = join(makeTempDir(), 'magnetico.sqlite3')
  const damaged = { infoHash: Buffer.alloc(19, 7), name: 'Damaged.Hash', totalSize: 5, discoveredOn: DISCOVERED_ON, files: [] }
  const nameless = { infoHash: hashOf(COUNT + 1), name: '  ', totalSize: 5, discoveredOn: DISCOVERED_ON, files: [] }
  writeMagneticoDatabase(path, [...Array.from({ length: COUNT }, (_, i) => torrentAt(i + 1)), damaged, nameless])

  test('imports every torrent with its files, classified, and rejects damaged rows by id', async () => {
    const result = await runCli(['import', path], { DATA_DIR: dataDir })
    expect(result.stdout.trim()).toBe(`imported ${COUNT}, updated 0, rejected 2`)
    expect(result.exitCode).toBe(1)
    expect(result.stderr).toContain(`rejected ${path}#${COUNT + 1}: info_hash is not 20 bytes`)
    expect(result.stderr).toContain(`rejected ${path}#${COUNT + 2}: name is missing or empty`)

    const db = openDatabase(join(dataDir, 'index.db'), { readonly: true })
    const byType = db.sqlite
      .query('SELECT content_type, count(*) AS n FROM torrent_classifications GROUP BY content_type ORDER BY content_type')
      .all()
    expect(byType).toEqual([
      { content_type: 'movie', n: COUNT / 3 },
      { content_type: 'music', n: COUNT / 3 },
      { content_type: 'tv_show', n: COUNT / 3 },
    ])
    const album = db.sqlite
      .query(
        `SELECT t.name, t.size, t.files_count, t.published_at, s.key AS source FROM torrents t
         JOIN torrent_sources ts ON ts.torrent_id = t.id JOIN sources s ON s.id = ts.source_id WHERE t.info_hash = ?`,
      )
      .get(hashOf(2))
    expect(album).toEqual({
      name: `Artist ${wordOf(2)} - Album (2001) [FLAC]`,
      size: 3e8,
      files_count: 10,
      published_at: DISCOVERED_ON + 2,
      source: 'magnetico',
    })
    expect(db.sqlite.query('SELECT count(*) AS n FROM torrent_files').get()).toEqual({ n: (COUNT / 3) * (2 + 1 + 10) })
    db.close()
  })

  test('a second import of the same database updates, adds nothing', async () => {
    const result = await runCli(['import', path], { DATA_DIR: dataDir })
    expect(result.stdout.trim()).toBe(`imported 0, updated ${COUNT}, rejected 2`)
  })

  test('a SQLite file that is not magnetico, and a file that is neither, are rejected whole', async () => {
    const dir = makeTempDir()
    const other = join(dir, 'other.db')
    const db = new Database(other, { create: true })
    db.exec('CREATE TABLE torrents (id INTEGER PRIMARY KEY, hash TEXT)')
    db.close()
    const text = join(dir, 'notes.sqlite3')
    writeFileSync(text, 'SQLite format 2, or so it says')
    const result = await runCli(['import', other, text], { DATA_DIR: makeTempDir() })
    expect(result.exitCode).toBe(1)
    expect(result.stdout.trim()).toBe('imported 0, updated 0, rejected 2')
    expect(result.stderr).toContain(`rejected ${other}: not a magnetico database (tables torrents and files)`)
    expect(result.stderr).toContain(`rejected ${text}: not a .torrent, .jsonl, .json or .gz file, nor a magnetico database`)
  })
})

describe('cli import of a magnetico JSON export', () => {
  test('reads its one-object-a-line export: infoHash, name, files (the size is their sum)', async () => {
    const path = join(makeTempDir(), 'export.json')
    const lines = [1, 2].map((i) => {
      const torrent = torrentAt(i)
      return JSON.stringify({ infoHash: Buffer.from(torrent.infoHash).toString('hex'), name: torrent.name, files: torrent.files })
    })
    writeFileSync(path, `${lines.join('\n')}\n`)
    const dataDir = makeTempDir()
    const result = await runCli(['import', path], { DATA_DIR: dataDir })
    expect(result.stdout.trim()).toBe('imported 2, updated 0, rejected 0')
    const db = openDatabase(join(dataDir, 'index.db'), { readonly: true })
    expect(db.sqlite.query('SELECT size, files_count FROM torrents ORDER BY info_hash').all()).toEqual([
      { size: 7e8, files_count: 1 },
      { size: 3e8, files_count: 10 },
    ])
    db.close()
  })
})

describe('cli import of a hostile magnetico database (issues 30.5 and 30.8)', () => {
  test('a 50 MiB name is read cut and marked, and a 3,000-file torrent keeps 1,000 files and counts them all', async () => {
    const path = join(makeTempDir(), 'hostile.sqlite3')
    const files = Array.from({ length: 3000 }, (_, i) => ({ path: `${'p'.repeat(i === 0 ? 2000 : 1)}/track-${i}.flac`, size: 10 }))
    writeMagneticoDatabase(path, [
      { infoHash: hashOf(1), name: 'L'.repeat(50 * 1024 * 1024), totalSize: 5, discoveredOn: DISCOVERED_ON, files: [] },
      { infoHash: hashOf(2), name: 'Many.Files.2001.FLAC', totalSize: 30_000, discoveredOn: DISCOVERED_ON, files },
    ])
    const dataDir = makeTempDir()
    const result = await runCli(['import', path], { DATA_DIR: dataDir })
    expect(result.stdout.trim()).toBe('imported 2, updated 0, rejected 0')
    const db = openDatabase(join(dataDir, 'index.db'), { readonly: true })
    const rows = db.sqlite.query('SELECT name, size, files_count FROM torrents ORDER BY info_hash').all()
    expect(rows).toEqual([
      { name: `${'L'.repeat(511)}…`, size: 5, files_count: null },
      { name: 'Many.Files.2001.FLAC', size: 30_000, files_count: 3000 },
    ])
    expect(db.sqlite.query('SELECT count(*) AS n, max(file_index) AS last, max(length(path)) AS longest FROM torrent_files').get()).toEqual(
      {
        n: 1000,
        last: 999,
        longest: 1024,
      },
    )
    db.close()
  })

  test('torrents as an endless view is refused at once, not read forever', async () => {
    const path = join(makeTempDir(), 'endless.sqlite3')
    const db = new Database(path, { create: true })
    db.exec(`CREATE VIEW torrents AS
      WITH RECURSIVE n(id) AS (SELECT 1 UNION ALL SELECT id + 1 FROM n)
      SELECT id, randomblob(20) AS info_hash, 'Endless.' || id AS name, 1 AS total_size, 1600000000 AS discovered_on FROM n;
      CREATE TABLE files (id INTEGER PRIMARY KEY, torrent_id INTEGER, size INTEGER, path TEXT);`)
    db.close()
    const result = await runCli(['import', path], { DATA_DIR: makeTempDir() })
    expect(result).toMatchObject({ exitCode: 1, stdout: 'imported 0, updated 0, rejected 1\n' })
    expect(result.stderr).toContain('not a magnetico database (tables torrents and files): torrents is a view, not a table')
  })
})
