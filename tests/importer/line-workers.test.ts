import { afterAll, describe, expect, test } from 'bun:test'
import type { Database } from 'bun:sqlite'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { loadClassifier } from '../../src/classify'
import { openIndex } from '../../src/store/sqlite'
import { createLineWorkers, parseImportLine, runImportCommand, type LineWorkers } from '../../src/importer'
import { createClassifyStored, createIngestPipeline } from '../../src/ingest'
import { createLogger, type Logger } from '../../src/log'
import { createSqliteTorrentWrites } from '../../src/store/sqlite/torrent-writes'
import { evidenceScorer } from '../../src/evidence'
import { createRandom } from '../support/seeded-random'
import { makeTempDir } from '../support/temp-dir'
import { defaultEvidenceWeights, quietLog } from '../support/test-index'

const dir = makeTempDir()
// An operator's rules file, which the workers must load as the writer does: e-books become comics.
const rulesPath = join(dir, 'rules.yml')
writeFileSync(rulesPath, 'rules:\n  - {id: ebook, then: {set_content_type: comic, set_confidence: 0.5, stop: true}}\n')

const SHAPES = [
  (r: ReturnType<typeof createRandom>) => `Show.Name.${r.int(1, 40)}.S0${r.int(1, 9)}E${r.int(10, 24)}.1080p.WEB.h264-GRP`,
  (r: ReturnType<typeof createRandom>) => `Film Title ${r.int(1, 500)} (${r.int(1950, 2025)}) 2160p BluRay x265 HDR`,
  (r: ReturnType<typeof createRandom>) => `Daily.Show.${r.int(2019, 2025)}.0${r.int(1, 9)}.1${r.int(0, 9)}.720p.HDTV`,
  (r: ReturnType<typeof createRandom>) => `Band - Album ${r.int(1, 300)} [FLAC]`,
  (r: ReturnType<typeof createRandom>) => `Author ${r.int(1, 300)} - Book Title`,
  (r: ReturnType<typeof createRandom>) => `Series.S0${r.int(1, 5)}.COMPLETE.720p.BluRay.x264`,
]

/** JSON Lines of varied releases (some with files, a few bad lines and duplicates), the same for a seed. */
function importLines(count: number, options: { crashAt?: number } = {}): string {
  const random = createRandom(7)
  const lines: string[] = []
  for (let i = 0; i < count; i++) {
    const name = SHAPES[i % SHAPES.length]!(random) + (i === options.crashAt ? ' CRASH' : '')
    const infoHash = (i % 97 === 5 ? i - 1 : i).toString(16).padStart(40, '0')
    const record: Record<string, unknown> = { infoHash, name, size: 1000 + i, publishedAt: 1_700_000_000 + i }
    if (i % 6 === 4) record.files = [{ path: `${name}.epub`, size: 1000 + i }]
    else if (i % 3 === 1)
      record.files = [
        { path: `${name}/a.mkv`, size: 900 },
        { path: `${name}/a.srt`, size: 100 + i },
      ]
    lines.push(i % 251 === 13 ? '{"infoHash": "not a hash"' : JSON.stringify(record))
  }
  return `${lines.join('\n')}\n`
}

const openWorkers: LineWorkers[] = []
afterAll(() => {
  for (const workers of openWorkers) workers.stop()
})

async function importWith(lines: string, options: { workers: number; workerUrl?: URL; log?: Logger }) {
  // One path for every run, so that rejections name the same origin.
  const inputPath = join(dir, 'torrents.jsonl')
  writeFileSync(inputPath, lines)
  const db = openIndex(join(makeTempDir(), 'index.db'), quietLog)
  const classifier = loadClassifier({ rulesPath })
  const writer = createSqliteTorrentWrites(db, {
    classify: createClassifyStored(classifier),
    scoreEvidence: evidenceScorer(defaultEvidenceWeights),
  }).ingest
  const pipeline = createIngestPipeline({ writer, batchSize: 100, flushIntervalMs: 60_000, log: quietLog })
  const lineWorkers =
    options.workers > 0
      ? createLineWorkers({ count: options.workers, rulesPath, log: options.log ?? quietLog, workerUrl: options.workerUrl })
      : null
  if (lineWorkers) openWorkers.push(lineWorkers)
  const rejections: string[] = []
  const stderr = new Writable({
    write: (chunk, _encoding, done) => {
      // Progress lines differ with timing; rejections must not.
      if (String(chunk).startsWith('rejected ')) rejections.push(String(chunk))
      done()
    },
  })
  const discard = new Writable({ write: (_chunk, _encoding, done) => done() })
  const summary = await runImportCommand([inputPath], { pipeline, lineWorkers, stdout: discard, stderr, isTTY: false })
  return { summary, rejections: rejections.sort(), snapshot: snapshot(db.sqlite), close: () => db.close() }
}

/** Everything an import writes that search and feeds read, minus the clock's columns. */
function snapshot(db: Database) {
  const all = (sql: string) => db.query(sql).all()
  db.run('CREATE VIRTUAL TABLE temp.vocab USING fts5vocab(main, torrent_search, instance)')
  return {
    torrents: all('SELECT id, hex(info_hash) AS hash, name, size, files_count, published_at FROM torrents ORDER BY id'),
    files: all('SELECT torrent_id, file_index, path, size FROM torrent_files ORDER BY torrent_id, file_index'),
    classifications: all(
      `SELECT torrent_id, content_type, categories, confidence, status, fired_rules, title, year, seasons, episodes, air_date,
         resolution, source, languages, release_group FROM torrent_classifications ORDER BY torrent_id`,
    ),
    tags: all('SELECT torrent_id, tag, by_rule FROM torrent_tags ORDER BY 1, 2'),
    categories: all('SELECT * FROM torrent_categories ORDER BY 1, 2, 3'),
    search: all('SELECT term, doc, col, offset FROM temp.vocab ORDER BY 1, 2, 3, 4'),
    counts: all('SELECT * FROM torrent_counts ORDER BY 1'),
  }
}

describe('import line workers', () => {
  const lines = importLines(1500)

  test('an import gives the same rows, classifications, tags, feed keys and search tokens with workers as without', async () => {
    const alone = await importWith(lines, { workers: 0 })
    const withWorkers = await importWith(lines, { workers: 2 })
    expect(alone.summary.imported).toBeGreaterThan(1450)
    expect(alone.summary.rejected).toBe(6)
    expect(withWorkers.summary).toEqual(alone.summary)
    expect(withWorkers.rejections).toEqual(alone.rejections)
    expect(withWorkers.snapshot.classifications.length).toBe(alone.summary.imported)
    // The operator's rules reached the workers: the e-books are comics.
    expect(withWorkers.snapshot.classifications.some((row) => (row as { content_type: string }).content_type === 'comic')).toBe(true)
    expect(withWorkers.snapshot.search.length).toBeGreaterThan(5_000)
    expect(withWorkers.snapshot).toEqual(alone.snapshot)
    alone.close()
    withWorkers.close()
  })

  test('a worker that dies mid-import loses no line: its chunks are parsed and classified on the writer thread', async () => {
    const crashing = importLines(1500, { crashAt: 700 })
    const alone = await importWith(crashing, { workers: 0 })
    const workerUrl = new URL('../support/crashing-line-worker.ts', import.meta.url)
    const warnings: string[] = []
    const log = createLogger({ level: 'warn', sink: (line) => warnings.push(line) })
    const withCrash = await importWith(crashing, { workers: 1, workerUrl, log })
    expect(warnings.join('\n')).toContain('an import line worker stopped')
    expect(withCrash.summary).toEqual(alone.summary)
    expect(withCrash.snapshot).toEqual(alone.snapshot)
    alone.close()
    withCrash.close()
  })

  test('rules that no longer load in a worker leave the classification to the writer', async () => {
    const lines = importLines(600)
    const alone = await importWith(lines, { workers: 0 })
    const missingRules = createLineWorkers({ count: 1, rulesPath: join(dir, 'gone.yml'), log: quietLog })
    openWorkers.push(missingRules)
    const parsed = await missingRules.parse(lines.split('\n').slice(0, 3))
    expect(parsed.every((line) => line.ok && line.item.preclassified === undefined)).toBe(true)
    const withWorkers = await importWith(lines, { workers: 1 })
    expect(withWorkers.snapshot).toEqual(alone.snapshot)
    alone.close()
    withWorkers.close()
  })

  test('stopping the workers with chunks still out parses those chunks here, in order; later chunks too', async () => {
    const chunk = importLines(300).trim().split('\n')
    const workers = createLineWorkers({ count: 1, rulesPath, log: quietLog })
    openWorkers.push(workers)
    const inFlight = workers.parse(chunk)
    workers.stop()
    const parsed = await inFlight
    const expected = chunk.map((line) => parseImportLine(line))
    expect(parsed).toEqual(expected)
    expect(parsed.filter((line) => line.ok).length).toBeGreaterThan(290)
    expect(parsed.some((line) => line.ok && line.item.preclassified !== undefined)).toBe(false)
    expect(await workers.parse(chunk.slice(0, 5))).toEqual(expected.slice(0, 5))
  })
})
