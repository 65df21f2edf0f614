import { describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { openDatabase, openSqliteStore } from '../../src/store/sqlite'
import { writeMagneticoDatabase } from '../support/magnetico-db'
import { runCli, startService, TEST_ADMIN_KEY } from '../support/processes'
import { makeTempDir } from '../support/temp-dir'
import { quietLog } from '../support/test-index'

const SEVERANCE = { id: 'want-severance', query: 'Severance', contentType: 'tv_show' as const }

/** A fresh index in `dataDir` with one registered want, as the dashboard registers it through the core. */
async function indexWithWant(dataDir: string): Promise<void> {
  const store = openSqliteStore({ path: join(dataDir, 'index.db') }, { log: quietLog })
  await store.wants.replaceWants([SEVERANCE])
  await store.close()
}

/** The want matches recorded in the index: the release names matched, by want. */
function matchesIn(dataDir: string): { want_id: string; name: string }[] {
  const db = openDatabase(join(dataDir, 'index.db'), { readonly: true })
  const rows = db.sqlite
    .query<{ want_id: string; name: string }, []>(
      'SELECT m.want_id, t.name FROM want_matches m JOIN torrents t ON t.id = m.torrent_id ORDER BY t.name',
    )
    .all()
  db.close()
  return rows
}

const hash = (digit: string) => digit.repeat(40)

describe('every import path fulfils wants', () => {
  test('cli import of JSON Lines records the matches of the registered wants', async () => {
    const dataDir = makeTempDir()
    await indexWithWant(dataDir)
    const path = join(makeTempDir(), 'dump.jsonl')
    writeFileSync(
      path,
      [
        { infoHash: hash('a'), name: 'Severance.S02E01.1080p.WEB.h264-GRP', size: 1_000_000 },
        { infoHash: hash('b'), name: 'Severance.2019.1080p.BluRay.x264-GRP', size: 1_000_000 },
        { infoHash: hash('c'), name: 'The.Office.S01E01.720p.HDTV.x264-GRP', size: 1_000_000 },
      ]
        .map((line) => JSON.stringify(line))
        .join('\n'),
    )
    const result = await runCli(['import', path], { DATA_DIR: dataDir })
    expect(result.stdout.trim()).toBe('imported 3, updated 0, rejected 0')
    // The film shares the word but not the content type; the other show shares neither.
    expect(matchesIn(dataDir)).toEqual([{ want_id: SEVERANCE.id, name: 'Severance.S02E01.1080p.WEB.h264-GRP' }])
  })

  test('cli import of a magnetico database records them too', async () => {
    const dataDir = makeTempDir()
    await indexWithWant(dataDir)
    const path = join(makeTempDir(), 'magnetico.sqlite3')
    writeMagneticoDatabase(path, [
      {
        infoHash: new Uint8Array(20).fill(0xd1),
        name: 'Severance.S02E02.2160p.WEB.h265-GRP',
        totalSize: 2_000_000,
        discoveredOn: 1_700_000_000,
        files: [{ path: 'Severance.S02E02.2160p.WEB.h265-GRP.mkv', size: 2_000_000 }],
      },
    ])
    const result = await runCli(['import', path], { DATA_DIR: dataDir })
    expect(result.exitCode).toBe(0)
    expect(matchesIn(dataDir)).toEqual([{ want_id: SEVERANCE.id, name: 'Severance.S02E02.2160p.WEB.h265-GRP' }])
  })

  test('an import over HTTP to the running core records them, as the cli does', async () => {
    const dataDir = makeTempDir()
    await indexWithWant(dataDir)
    const core = await startService({ DATA_DIR: dataDir }, 'core')
    try {
      const line = JSON.stringify({ infoHash: hash('e'), name: 'Severance.S02E03.720p.WEB.h264-GRP', size: 1_000_000 })
      const response = await fetch(`${core.baseUrl}/import`, { method: 'POST', body: line })
      expect(response.status).toBe(200)
      const answer = await fetch(`${core.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-core-admin-key': TEST_ADMIN_KEY },
        body: JSON.stringify({ query: '{ wantMatches { wantId title } }' }),
      })
      const body = (await answer.json()) as { data: { wantMatches: { wantId: string; title: string }[] } }
      expect(body.data.wantMatches).toEqual([{ wantId: SEVERANCE.id, title: 'Severance.S02E03.720p.WEB.h264-GRP' }])
    } finally {
      core.child.kill()
      await core.child.exited
    }
  })
})
