import { describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { openDatabase } from '../../src/store/sqlite'
import { runCli } from '../support/processes'
import { makeTempDir } from '../support/temp-dir'
import { TORRENT_FIXTURES_DIR, torrentFixtures } from '../support/torrent-fixtures'

describe('cli reclassify', () => {
  const dataDir = makeTempDir()
  const rulesPath = join(makeTempDir(), 'rules.yml')
  const typesOf = () => {
    const db = openDatabase(join(dataDir, 'index.db'), { readonly: true })
    const rows = db.sqlite
      .query('SELECT t.name, c.content_type FROM torrents t JOIN torrent_classifications c ON c.torrent_id = t.id')
      .all() as { name: string; content_type: string }[]
    db.close()
    return new Map(rows.map((row) => [row.name, row.content_type]))
  }

  test('re-runs changed rules over only the torrents asked for', async () => {
    await runCli(['import', TORRENT_FIXTURES_DIR], { DATA_DIR: dataDir })
    writeFileSync(
      rulesPath,
      'rules:\n  - {id: ebook, then: {set_content_type: comic, set_confidence: 0.5, stop: true}}\n  - {id: music, then: {set_content_type: audiobook, stop: true}}\n',
    )
    const result = await runCli(['reclassify', '--content-type', 'ebook'], { DATA_DIR: dataDir, CLASSIFIER_RULES_PATH: rulesPath })
    expect(result.exitCode).toBe(0)
    expect(result.stdout.trim()).toBe('reclassified 2, changed 2, deleted 0')
    const types = typesOf()
    expect(types.get('alice.txt')).toBe('comic')
    expect(types.get('The WIRED CD - Rip. Sample. Mash. Share')).toBe('music')
  })

  test('--all with a newly banned keyword deletes and blocks what now matches', async () => {
    writeFileSync(rulesPath, 'keywords:\n  banned: [wired]\n')
    const result = await runCli(['reclassify', '--all'], { DATA_DIR: dataDir, CLASSIFIER_RULES_PATH: rulesPath })
    expect(result.stdout.trim()).toBe(`reclassified ${torrentFixtures.length}, changed 2, deleted 1`)
    const types = typesOf()
    expect(types.has('The WIRED CD - Rip. Sample. Mash. Share')).toBe(false)
    expect(types.get('alice.txt')).toBe('ebook')
    const db = openDatabase(join(dataDir, 'index.db'), { readonly: true })
    expect(
      db.sqlite.query('SELECT count(*) AS n FROM torrent_files f LEFT JOIN torrents t ON t.id = f.torrent_id WHERE t.id IS NULL').get(),
    ).toEqual({ n: 0 })
    expect(db.sqlite.query('SELECT rule_id FROM blocked_torrents').all()).toEqual([{ rule_id: 'banned-keywords' }])
    db.close()
  })

  test.each([
    [[], 'say which torrents'],
    [['--since', 'yesterday'], '--since needs a date'],
    [['--content-type'], '--content-type needs a content type'],
    [['--everything'], 'unknown argument --everything'],
  ])('refuses %j', async (args, message) => {
    const result = await runCli(['reclassify', ...args], { DATA_DIR: dataDir })
    expect(result.exitCode).toBe(2)
    expect(result.stderr).toContain(message)
  })

  test('--since takes only torrents published from that date on', async () => {
    const result = await runCli(['reclassify', '--since', '2999-01-01'], { DATA_DIR: dataDir })
    expect(result.stdout.trim()).toBe('reclassified 0, changed 0, deleted 0')
  })
})
