import { describe, expect, test } from 'bun:test'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { parseImportLine } from '../../src/importer'
import { runExportCommand } from '../../src/sync'
import { makeTempDir } from '../support/temp-dir'
import { openTestIndex } from '../support/test-index'
import { travelLine } from '../support/travel-index'

/** An index of `count` torrents (more than one chunk of the export's reads when over 500). */
async function indexOf(count: number) {
  const index = openTestIndex({ batchSize: 1000 })
  for (let n = 1; n <= count; n++) {
    const parsed = parseImportLine(travelLine(n))
    if (parsed.ok) index.pipeline.submit(parsed.item)
  }
  await index.pipeline.flush()
  return index.store.exports
}

/** A stream keeping what is written; `isTTY` makes it look like a terminal, as the bar checks. */
function capture(isTTY = false) {
  let text = ''
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk)
      done()
    },
  })
  return { stream: Object.assign(stream, { isTTY, columns: 120 }), text: () => text }
}

describe('runExportCommand', () => {
  test('on a terminal draws a progress bar on stderr, counting torrents, then the summary', async () => {
    const stderr = capture(true)
    const file = join(makeTempDir(), 'index.jsonl')
    const summary = await runExportCommand(file, {
      exports: await indexOf(1200),
      stdout: capture().stream,
      stderr: stderr.stream,
      isTTY: true,
    })
    expect(summary).toEqual({ torrents: 1200, isComplete: true })
    expect(stderr.text()).toContain('export |')
    expect(stderr.text()).toContain('1200/1200 torrents')
    expect(stderr.text()).toEndWith(`exported 1200 torrents to ${file}\n`)
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(1200)
  })

  test('off a terminal writes the summary line alone, so a log or a pipe stays clean', async () => {
    const stderr = capture()
    const file = join(makeTempDir(), 'index.jsonl')
    await runExportCommand(file, { exports: await indexOf(3), stdout: capture().stream, stderr: stderr.stream, isTTY: false })
    expect(stderr.text()).toBe(`exported 3 torrents to ${file}\n`)
  })

  test('stopped part-way, it leaves no file behind, neither the name asked for nor its partial copy', async () => {
    const dir = makeTempDir()
    const stop = new AbortController()
    const stderr = capture()
    // Stopped as soon as the bar first draws, before the export has written all of it.
    const stopAfterFirstChunk = Object.assign(
      new Writable({
        write(_chunk, _encoding, done) {
          stop.abort()
          done()
        },
      }),
      { isTTY: true, columns: 120 },
    )
    const summary = await runExportCommand(join(dir, 'index.jsonl.gz'), {
      exports: await indexOf(1200),
      stdout: capture().stream,
      stderr: stopAfterFirstChunk,
      isTTY: true,
      stop: stop.signal,
    })
    expect(summary.isComplete).toBe(false)
    expect(summary.torrents).toBeLessThan(1200)
    expect(readdirSync(dir)).toEqual([])
    expect(stderr.text()).toBe('')
  })

  test('a destination that cannot be written fails the export and leaves nothing', async () => {
    const dir = makeTempDir()
    const file = join(dir, 'no-such-folder', 'index.jsonl')
    await expect(
      runExportCommand(file, { exports: await indexOf(3), stdout: capture().stream, stderr: capture().stream, isTTY: false }),
    ).rejects.toThrow('ENOENT')
    expect(existsSync(file)).toBe(false)
    expect(readdirSync(dir)).toEqual([])
  })
})
