import { describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { openIndex } from '../../src/store/sqlite'
import { openDatabase } from '../../src/store/sqlite'
import { bytesToHex } from '../../src/metainfo'
import { childEnv, collectLines, REPO_ROOT, runCli, safeJson } from '../support/processes'
import { createSqliteOperatorEditsStore } from '../../src/store/sqlite/torrents/operator-edits'
import { makeTempDir } from '../support/temp-dir'
import { quietLog } from '../support/test-index'
import { expectedKey, TORRENT_FIXTURES_DIR, torrentFixtures } from '../support/torrent-fixtures'

function readIndex(dataDir: string) {
  const db = openDatabase(join(dataDir, 'index.db'), { readonly: true })
  const torrents = db.sqlite.query('SELECT id, info_hash, info_hash_v2, name, size, files_count FROM torrents ORDER BY name').all() as {
    id: number
    info_hash: Uint8Array
    info_hash_v2: Uint8Array | null
    name: string
    size: number
    files_count: number
  }[]
  const filePaths = db.sqlite.query('SELECT torrent_id, path FROM torrent_files').all() as { torrent_id: number; path: string }[]
  const fileCount = filePaths.length
  db.close()
  return { torrents, filePaths, fileCount }
}

describe('cli import of .torrent files', () => {
  const dataDir = makeTempDir()

  test('imports every real torrent of the corpus from a folder, keyed as the corpus says', async () => {
    const result = await runCli(['import', TORRENT_FIXTURES_DIR], { DATA_DIR: dataDir })
    expect(result.stderr).not.toContain('rejected ')
    expect(result.stdout.trim()).toBe(`imported ${torrentFixtures.length}, updated 0, rejected 0`)
    expect(result.exitCode).toBe(0)

    const { torrents, filePaths } = readIndex(dataDir)
    expect(torrents.map((row) => bytesToHex(row.info_hash)).sort()).toEqual(torrentFixtures.map(expectedKey).sort())
    const v2Only = torrents.find((row) => row.name === 'bittorrent-v2-test')!
    expect(bytesToHex(v2Only.info_hash_v2!)).toStartWith(bytesToHex(v2Only.info_hash))
    expect(filePaths.some((file) => file.path.includes('.pad/') || file.path.includes('_____padding_file_'))).toBe(false)
    for (const fixture of torrentFixtures) {
      const row = torrents.find((candidate) => bytesToHex(candidate.info_hash) === expectedKey(fixture))!
      expect({ name: row.name, files: row.files_count }).toEqual({
        name: fixture.name,
        files: fixture.files.filter((file) => !/(^|\/)\.pad\//.test(file.path)).length,
      })
    }
  })

  test('a second import of the same files changes nothing but marks them updated', async () => {
    const before = readIndex(dataDir)
    const result = await runCli(['import', TORRENT_FIXTURES_DIR], { DATA_DIR: dataDir })
    expect(result.stdout.trim()).toBe(`imported 0, updated ${torrentFixtures.length}, rejected 0`)
    const after = readIndex(dataDir)
    expect(after.torrents).toEqual(before.torrents)
    expect(after.fileCount).toBe(before.fileCount)
  })

  test('rejects a corrupt .torrent and a missing path by name, and still imports the rest', async () => {
    const dir = makeTempDir()
    writeFileSync(join(dir, 'broken.torrent'), 'd4:infod4:name3:abc')
    writeFileSync(join(dir, 'notes.txt'), 'ignored inside a folder')
    const result = await runCli(['import', dir, join(TORRENT_FIXTURES_DIR, 'alice.torrent'), join(dir, 'missing.torrent')], {
      DATA_DIR: makeTempDir(),
    })
    expect(result.exitCode).toBe(1)
    expect(result.stdout.trim()).toBe('imported 1, updated 0, rejected 2')
    expect(result.stderr).toContain(`rejected ${join(dir, 'broken.torrent')}: malformed bencode`)
    expect(result.stderr).toContain(`rejected ${join(dir, 'missing.torrent')}: no such file or folder`)
    expect(result.stderr).not.toContain('notes.txt')
  })
})

const good = (n: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ infoHash: String(n).repeat(40).slice(0, 40), name: `Good.Release.${n}.1080p`, size: 1000 + n, ...extra })

describe('cli import of JSON Lines', () => {
  test('imports the good lines and reports each bad one with file, line and reason', async () => {
    const dir = makeTempDir()
    const path = join(dir, 'dump.jsonl')
    writeFileSync(
      path,
      [
        good(1, {
          files: [
            { path: 'a/b.mkv', size: 600 },
            { path: 'a/b.nfo', size: 401 },
          ],
        }),
        '{"infoHash": "not json',
        JSON.stringify({ infoHash: 'xyz', name: 'bad hash', size: 1 }),
        JSON.stringify({ infoHash: 'b'.repeat(40), name: 'negative', size: -1 }),
        JSON.stringify({ infoHash: 'c'.repeat(40), size: 5 }),
        '',
        good(2, { publishedAt: '2021-03-04T05:06:07Z', seeders: 4, leechers: 1, source: 'rarbg-dump' }),
        '[1, 2]',
        good(3),
      ].join('\n'),
    )
    const dataDir = makeTempDir()
    const result = await runCli(['import', path], { DATA_DIR: dataDir })
    expect(result.exitCode).toBe(1)
    expect(result.stdout.trim()).toBe('imported 3, updated 0, rejected 5')
    const rejections = result.stderr.split('\n').filter((line) => line.startsWith('rejected '))
    expect(rejections).toEqual([
      `rejected ${path}:2: not valid JSON`,
      `rejected ${path}:3: infoHash must be 40 hex characters (or 32 base32)`,
      `rejected ${path}:4: size must be a whole number of bytes, 0 or more`,
      `rejected ${path}:5: name is missing or empty`,
      `rejected ${path}:8: not a JSON object`,
    ])

    const db = openDatabase(join(dataDir, 'index.db'), { readonly: true })
    const second = db.sqlite
      .query(
        `SELECT t.published_at, t.seeders, t.leechers, s.key FROM torrents t
         JOIN torrent_sources ts ON ts.torrent_id = t.id JOIN sources s ON s.id = ts.source_id WHERE t.name = ?`,
      )
      .get('Good.Release.2.1080p')
    expect(second).toEqual({ published_at: Date.parse('2021-03-04T05:06:07Z') / 1000, seeders: 4, leechers: 1, key: 'rarbg-dump' })
    const files = db.sqlite.query('SELECT path, extension, file_type FROM torrent_files ORDER BY file_index').all()
    expect(files).toEqual([
      { path: 'a/b.mkv', extension: 'mkv', file_type: 'video' },
      { path: 'a/b.nfo', extension: 'nfo', file_type: 'document' },
    ])
    db.close()
  })

  test('reads JSON Lines from stdin with -', async () => {
    const dataDir = makeTempDir()
    const result = await runCli(['import', '-'], { DATA_DIR: dataDir }, `${good(4)}\n${good(5)}\n{oops}\n`)
    expect(result.stdout.trim()).toBe('imported 2, updated 0, rejected 1')
    expect(result.stderr).toContain('rejected stdin:3: not valid JSON')
  })

  test('prints plain progress lines and the summary when not on a terminal', async () => {
    const path = join(makeTempDir(), 'many.jsonl')
    writeFileSync(
      path,
      Array.from({ length: 3000 }, (_, i) =>
        good(i + 10).replace(/"infoHash":"[^"]+"/, `"infoHash":"${i.toString(16).padStart(40, '0')}"`),
      ).join('\n'),
    )
    const result = await runCli(['import', path], { DATA_DIR: makeTempDir() })
    expect(result.stdout.trim()).toBe('imported 3000, updated 0, rejected 0')
    // No terminal: no bar escape codes in the output.
    expect(result.stderr).not.toContain('\u001b[')
  })

  test('needs at least one path', async () => {
    const result = await runCli(['import'], { DATA_DIR: makeTempDir() })
    expect(result.exitCode).toBe(2)
    expect(result.stderr).toContain('at least one path')
  })
})

describe('classification on import', () => {
  test('stores each torrent with its classification and rule tags', async () => {
    const dataDir = makeTempDir()
    await runCli(['import', TORRENT_FIXTURES_DIR], { DATA_DIR: dataDir })
    const db = openDatabase(join(dataDir, 'index.db'), { readonly: true })
    const rows = db.sqlite
      .query(
        `SELECT t.name, c.content_type, c.categories, c.status, c.fired_rules FROM torrents t
         JOIN torrent_classifications c ON c.torrent_id = t.id`,
      )
      .all() as { name: string; content_type: string; categories: string; status: string; fired_rules: string }[]
    db.close()
    expect(rows).toHaveLength(torrentFixtures.length)
    for (const fixture of torrentFixtures) {
      const row = rows.find((candidate) => candidate.name === fixture.name)!
      expect({ name: fixture.name, type: row.content_type, status: row.status }).toEqual({
        name: fixture.name,
        type: fixture.label_content_type,
        status: 'pending',
      })
    }
    expect(JSON.parse(rows.find((row) => row.name.startsWith('Continuum'))!.categories)).toEqual([5000, 5040])
  })

  test('a file list arriving later re-classifies a torrent first known by name', async () => {
    const dataDir = makeTempDir()
    const hash = 'ab'.repeat(20)
    const path = join(makeTempDir(), 'later.jsonl')
    writeFileSync(path, JSON.stringify({ infoHash: hash, name: 'Mystery.Pack', size: 5 }))
    await runCli(['import', path], { DATA_DIR: dataDir })
    writeFileSync(
      path,
      JSON.stringify({
        infoHash: hash,
        name: 'Mystery.Pack',
        files: [
          { path: 'a/01.flac', size: 4e7 },
          { path: 'a/02.flac', size: 4e7 },
        ],
      }),
    )
    await runCli(['import', path], { DATA_DIR: dataDir })
    const db = openDatabase(join(dataDir, 'index.db'), { readonly: true })
    expect(db.sqlite.query('SELECT content_type, categories FROM torrent_classifications').get()).toEqual({
      content_type: 'music',
      categories: '[3000,3040]',
    })
    expect(db.sqlite.query('SELECT tag, by_rule FROM torrent_tags').all()).toEqual([{ tag: 'lossless', by_rule: 1 }])
    db.close()
  })

  test('banned content is rejected, never stored, and blocked for later imports', async () => {
    const dataDir = makeTempDir()
    const path = join(makeTempDir(), 'banned.jsonl')
    writeFileSync(path, [good(60), JSON.stringify({ infoHash: 'cd'.repeat(20), name: 'Some pthc thing', size: 9 })].join('\n'))
    const first = await runCli(['import', path], { DATA_DIR: dataDir })
    expect(first.stdout.trim()).toBe('imported 1, updated 0, rejected 1')
    expect(first.stderr).toContain(`rejected ${path}:2: deleted by a classification rule (banned content)`)
    // The same hash under an innocent name is still refused: the hash is blocked.
    writeFileSync(path, JSON.stringify({ infoHash: 'cd'.repeat(20), name: 'Holiday Photos', size: 9 }))
    const second = await runCli(['import', path], { DATA_DIR: dataDir })
    expect(second.stdout.trim()).toBe('imported 0, updated 0, rejected 1')
    expect(second.stderr).toContain(`rejected ${path}:1: deleted by a classification rule (banned content)`)
    const db = openDatabase(join(dataDir, 'index.db'), { readonly: true })
    expect(db.sqlite.query('SELECT count(*) AS n FROM torrents').get()).toEqual({ n: 1 })
    expect(db.sqlite.query('SELECT rule_id FROM blocked_torrents').all()).toEqual([{ rule_id: 'banned-keywords' }])
    db.close()
  })

  test('a torrent an operator deleted is refused as blocked by an operator, not as banned content (issue 30.8)', async () => {
    const dataDir = makeTempDir()
    const path = join(makeTempDir(), 'deleted.jsonl')
    writeFileSync(path, [good(70), good(71)].join('\n'))
    expect((await runCli(['import', path], { DATA_DIR: dataDir })).stdout.trim()).toBe('imported 2, updated 0, rejected 0')
    const db = openIndex(join(dataDir, 'index.db'), quietLog)
    await createSqliteOperatorEditsStore(db).deleteAndBlock([JSON.parse(good(70)).infoHash], 1_900_000_000)
    db.close()
    const again = await runCli(['import', path], { DATA_DIR: dataDir })
    expect(again.stdout.trim()).toBe('imported 0, updated 1, rejected 1')
    expect(again.stderr).toContain(`rejected ${path}:1: blocked by an operator: it was deleted from the index and is not taken back`)
    expect(again.stderr).not.toContain('banned')
  })

  test('a banned hash repeated later in the same batch under another name is refused too', async () => {
    const dataDir = makeTempDir()
    const path = join(makeTempDir(), 'same-batch.jsonl')
    const hash = 'ce'.repeat(20)
    writeFileSync(
      path,
      [
        JSON.stringify({ infoHash: hash, name: 'Some pthc thing', size: 9 }),
        JSON.stringify({ infoHash: hash, name: 'Holiday Photos', size: 9 }),
        good(61),
      ].join('\n'),
    )
    const result = await runCli(['import', path], { DATA_DIR: dataDir })
    expect(result.stdout.trim()).toBe('imported 1, updated 0, rejected 2')
    const db = openDatabase(join(dataDir, 'index.db'), { readonly: true })
    expect(db.sqlite.query('SELECT name FROM torrents').all()).toEqual([{ name: 'Good.Release.61.1080p' }])
    db.close()
  })

  test('an empty file list imports, classified by its name', async () => {
    const dataDir = makeTempDir()
    const path = join(makeTempDir(), 'empty.jsonl')
    writeFileSync(path, JSON.stringify({ infoHash: 'cf'.repeat(20), name: 'Some.Show.S02E03.720p.WEB-DL.mkv', files: [] }))
    const result = await runCli(['import', path], { DATA_DIR: dataDir })
    expect(result.stdout.trim()).toBe('imported 1, updated 0, rejected 0')
    const db = openDatabase(join(dataDir, 'index.db'), { readonly: true })
    expect(
      db.sqlite.query('SELECT t.files_count, c.content_type FROM torrents t JOIN torrent_classifications c ON c.torrent_id = t.id').get(),
    ).toEqual({ files_count: 0, content_type: 'tv_show' })
    db.close()
  })
})

describe('cli import stopped by a signal', () => {
  const numbered = (n: number) =>
    JSON.stringify({ infoHash: n.toString(16).padStart(40, '0'), name: `Numbered.Release.${n}.1080p`, size: n })
  for (const [signal, exitCode] of [
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const) {
    test(`${signal} while stdin still streams commits the lines read, prints the summary and exits ${exitCode}`, async () => {
      const dataDir = makeTempDir()
      // Batches of 50 and no timed flush: the last 20 lines are committed by the stop or not at all.
      const child = Bun.spawn([process.execPath, 'src/cli.ts', 'import', '-'], {
        cwd: REPO_ROOT,
        env: childEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'debug', SERVICE_INGEST_BATCH_SIZE: '50', SERVICE_INGEST_FLUSH_INTERVAL: '1h' }),
        stdin: 'pipe',
        stdout: 'pipe',
        stderr: 'pipe',
      })
      const stderr: string[] = []
      collectLines(child.stderr, (line) => stderr.push(line))
      const stdout = new Response(child.stdout).text()
      // A slow sender: ten lines at a time, then lines 91-120 and a partial line in one write (one
      // read: lines 101-120 are read with line 100, before its batch is logged), then nothing.
      for (let n = 1; n <= 90; n += 10) {
        child.stdin.write(`${Array.from({ length: 10 }, (_, i) => numbered(n + i)).join('\n')}\n`)
        await child.stdin.flush()
        await Bun.sleep(10)
      }
      child.stdin.write(`${Array.from({ length: 30 }, (_, i) => numbered(91 + i)).join('\n')}\n${numbered(121).slice(0, 20)}`)
      await child.stdin.flush()
      const twoBatches = () =>
        stderr.some((line) => safeJson(line)?.msg === 'ingest batch committed' && safeJson(line)?.totalImported === 100)
      while (!twoBatches()) await Bun.sleep(20)

      child.kill(signal)
      expect(await Promise.race([child.exited, Bun.sleep(10_000).then(() => 'still running')])).toBe(exitCode)
      expect((await stdout).trim()).toBe('imported 120, updated 0, rejected 0')
      expect(stderr).toContain(`import stopped by ${signal}: the lines after the last one read were not imported`)

      const db = openDatabase(join(dataDir, 'index.db'))
      expect(db.sqlite.query('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' })
      const names = db.sqlite.query('SELECT name FROM torrents ORDER BY size').all() as { name: string }[]
      db.close()
      expect(names.map((row) => row.name)).toEqual(Array.from({ length: 120 }, (_, i) => `Numbered.Release.${i + 1}.1080p`))
    }, 60_000)
  }
})
