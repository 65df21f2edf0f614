/**
 * Classification benchmark: parse + the full default rule chain over 100,000 release-style names
 * with file lists (the ingest bench's generator), single-threaded, then per-field accuracy of
 * `cli parse` on every shared labelled corpus (shared/corpora/titles, else the test copies), the
 * training part beside the held-out quarter.
 * Goal (issue 3): >= 30,000 torrents/s per core.
 *   bun bench/classify.ts [count]
 */
import { parseTorrentTitle } from '@viren070/parse-torrent-title'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describeReleaseName, loadClassifier, type ClassifierInput } from '../src/classify'
import { parseInfoDict } from '../src/metainfo'
import { peakRssMb } from './support/measure'
import { createRandom } from '../tests/support/seeded-random'
import { syntheticInfoDict, syntheticTorrent } from './support/synthetic-releases'
import { formatSplitScores, type ParseOutput, readTitleCorpus, TITLE_CORPORA } from './support/title-accuracy'

const count = Number(Bun.argv[2] ?? 100_000)
const classifier = loadClassifier()
const random = createRandom(11)
// Stored as info-dict bytes and decoded just before classifying, as ingest does; only the
// classify call is timed for the goal, and the whole loop gives the figure with decoding.
const dicts = Array.from({ length: count }, (_, i) => syntheticInfoDict(syntheticTorrent(random, i), 'one'))
const inputOf = (dict: Uint8Array): ClassifierInput => {
  const metainfo = parseInfoDict(dict)
  return { name: metainfo.name, sizeBytes: metainfo.sizeBytes, files: metainfo.files, tags: [] }
}

// Warm the JIT on a slice first, as a long-running service would be.
for (const dict of dicts.slice(0, 10_000)) classifier.classify(inputOf(dict))
const types = new Map<string, number>()
let classifyNs = 0
let files = 0
const start = performance.now()
for (const dict of dicts) {
  const input = inputOf(dict)
  files += input.files!.length
  const before = Bun.nanoseconds()
  const outcome = classifier.classify(input)
  classifyNs += Bun.nanoseconds() - before
  const type = outcome.deletedBy === null ? outcome.classification.contentType : 'deleted'
  types.set(type, (types.get(type) ?? 0) + 1)
}
const seconds = classifyNs / 1e9
const withDecode = (performance.now() - start) / 1000
console.log(
  `classified ${count} torrents (avg ${(files / count).toFixed(1)} files) in ${seconds.toFixed(2)} s: ${Math.round(count / seconds)} torrents/s on one core (${((seconds * 1e6) / count).toFixed(1)} us each)`,
)
console.log(
  `with decoding each info dict first: ${Math.round(count / withDecode)} torrents/s (${((withDecode * 1e6) / count).toFixed(1)} us each)`,
)
console.log(`content types: ${[...types].map(([type, n]) => `${type} ${n}`).join(', ')}`)

// The base parser's share, timed the same way over the same torrents: the floor under the figure above.
let parserNs = 0
for (const dict of dicts) {
  const name = parseInfoDict(dict).name
  const before = Bun.nanoseconds()
  parseTorrentTitle(name)
  parserNs += Bun.nanoseconds() - before
}
console.log(
  `of which the base parser alone (@viren070/parse-torrent-title): ${(parserNs / 1e3 / count).toFixed(1)} us each, ${Math.round(count / (parserNs / 1e9))} names/s`,
)
// The machine's speed drifts between runs; this ratio, taken within one run, drifts far less.
console.log(`a classification costs ${(classifyNs / parserNs).toFixed(2)}x the base parser alone`)

const shared = join(import.meta.dir, '../../shared/corpora/titles')
const corpusDir = existsSync(shared) ? shared : join(import.meta.dir, '../tests/fixtures/titles')
const records = TITLE_CORPORA.filter((file) => existsSync(join(corpusDir, file))).flatMap((file) => readTitleCorpus(corpusDir, file))
const outputs = new Map<string, ParseOutput>(records.map((record) => [record.title, describeReleaseName(classifier, record.title)]))
// Per corpus: bun bench/accuracy.ts
console.log(formatSplitScores(`accuracy of cli parse (${corpusDir})`, records, outputs))
console.log(`peak RSS ${peakRssMb().toFixed(0)} MB`)
