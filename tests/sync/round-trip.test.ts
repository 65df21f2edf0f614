import { beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { runCli } from '../support/processes'
import { makeTempDir } from '../support/temp-dir'
import { openTestIndex } from '../support/test-index'
import { fillTravelIndex, snapshotIndex } from '../support/travel-index'
import { torrentFixtures } from '../support/torrent-fixtures'

const TORRENTS = torrentFixtures.length + 4

describe('cli export, then cli import on a fresh instance', () => {
  const source = makeTempDir()
  let expected: Record<string, unknown>

  beforeAll(async () => {
    const index = openTestIndex({ path: join(source, 'index.db') })
    await fillTravelIndex(index)
    index.db.close()
    expected = snapshotIndex(join(source, 'index.db'))
  })

  test('restores every field the export carries: files, swarm, sources, types, a confirmed label and its source, ids, tags and grabs', async () => {
    const file = join(makeTempDir(), 'index.jsonl')
    const exported = await runCli(['export', file], { DATA_DIR: source })
    expect({ exitCode: exported.exitCode, stderr: exported.stderr.trim().split('\n').at(-1) }).toEqual({
      exitCode: 0,
      stderr: `exported ${TORRENTS} torrents to ${file}`,
    })
    expect(existsSync(`${file}.partial`)).toBe(false)

    const target = makeTempDir()
    const imported = await runCli(['import', file], { DATA_DIR: target })
    expect(imported.stdout.trim()).toBe(`imported ${TORRENTS}, updated 0, rejected 0`)
    const restored = snapshotIndex(join(target, 'index.db'))
    expect(restored).toEqual(expected)
    // The cases the corpus was chosen for are in it, so the equality above covered them.
    const values = Object.values(restored) as { status: string; label: unknown; grabs: number; files: { file_index: number }[] }[]
    expect(values.filter((torrent) => torrent.status === 'confirmed' && torrent.label)).toHaveLength(1)
    expect(values.some((torrent) => torrent.grabs === 3)).toBe(true)
    expect(values.some((torrent) => torrent.files.some((f, i) => f.file_index !== i))).toBe(true)
  })

  test('a name ending in .gz is gzipped, and imports the same', async () => {
    const file = join(makeTempDir(), 'index.jsonl.gz')
    expect((await runCli(['export', file], { DATA_DIR: source })).exitCode).toBe(0)
    const lines = gunzipSync(readFileSync(file)).toString('utf8').trim().split('\n')
    expect(lines).toHaveLength(TORRENTS)
    const target = makeTempDir()
    const imported = await runCli(['import', file], { DATA_DIR: target })
    expect(imported.stdout.trim()).toBe(`imported ${TORRENTS}, updated 0, rejected 0`)
    expect(snapshotIndex(join(target, 'index.db'))).toEqual(expected)
  })

  test('- writes stdout, which cli import - reads back; the summary goes to stderr', async () => {
    const exported = await runCli(['export', '-'], { DATA_DIR: source })
    expect(exported.stderr).toContain(`exported ${TORRENTS} torrents to stdout`)
    const lines = exported.stdout.trim().split('\n')
    expect(lines).toHaveLength(TORRENTS)
    expect(lines.every((line) => JSON.parse(line).infoHash.length === 40)).toBe(true)
    const target = makeTempDir()
    const imported = await runCli(['import', '-'], { DATA_DIR: target }, exported.stdout)
    expect(imported.stdout.trim()).toBe(`imported ${TORRENTS}, updated 0, rejected 0`)
    expect(snapshotIndex(join(target, 'index.db'))).toEqual(expected)
  })

  test('importing the same export again changes nothing: grabs are not counted twice', async () => {
    const file = join(makeTempDir(), 'index.jsonl')
    await runCli(['export', file], { DATA_DIR: source })
    const target = makeTempDir()
    await runCli(['import', file], { DATA_DIR: target })
    const again = await runCli(['import', file], { DATA_DIR: target })
    expect(again.stdout.trim()).toBe(`imported 0, updated ${TORRENTS}, rejected 0`)
    expect(snapshotIndex(join(target, 'index.db'))).toEqual(expected)
  })

  test('export needs exactly one target', async () => {
    const result = await runCli(['export'], { DATA_DIR: source })
    expect(result.exitCode).toBe(2)
    expect(result.stderr).toContain('usage: bun run cli export FILE')
  })
})
