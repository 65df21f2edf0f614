/**
 * Classification benchmark: parse + the full default rule chain over 100,000 release-style names
 * with file lists (the ingest bench's generator), single-threaded, then per-field accuracy of
 * `cli parse` on the shared labelled corpora (shared/corpora/titles, else the test copies).
 * Goal (issue 3): >= 30,000 torrents/s per core.
 *   bun bench/classify.ts [count]
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describeReleaseName, loadClassifier, type ClassifierInput } from '../src/classify'
import { extensionOf, fileTypeOf } from '../src/metainfo'
import { peakRssMb } from './support/measure'
import { createRandom, syntheticTorrent } from './support/synthetic-releases'
import { formatScores, readTitleCorpora, scoreParses, type ParseOutput } from './support/title-accuracy'

const count = Number(Bun.argv[2] ?? 100_000)
const classifier = loadClassifier()
const random = createRandom(11)
const inputs: ClassifierInput[] = Array.from({ length: count }, (_, i) => {
  const torrent = syntheticTorrent(random, i)
  const files = torrent.files.map((file, index) => {
    const extension = extensionOf(file.path)
    return { index, path: file.path, sizeBytes: file.size, extension, fileType: fileTypeOf(extension) }
  })
  return { name: torrent.name, sizeBytes: torrent.size, files, tags: [] }
})

// Warm the JIT on a slice first, as a long-running service would be.
for (const input of inputs.slice(0, 10_000)) classifier.classify(input)
const types = new Map<string, number>()
const start = performance.now()
for (const input of inputs) {
  const outcome = classifier.classify(input)
  const type = outcome.deletedBy === null ? outcome.classification.contentType : 'deleted'
  types.set(type, (types.get(type) ?? 0) + 1)
}
const seconds = (performance.now() - start) / 1000
console.log(`classified ${count} torrents (avg ${(inputs.reduce((n, i) => n + i.files!.length, 0) / count).toFixed(1)} files) in ${seconds.toFixed(2)} s: ${Math.round(count / seconds)} torrents/s on one core (${((seconds * 1e6) / count).toFixed(1)} us each)`)
console.log(`content types: ${[...types].map(([type, n]) => `${type} ${n}`).join(', ')}`)

const shared = join(import.meta.dir, '../../shared/corpora/titles')
const corpusDir = existsSync(shared) ? shared : join(import.meta.dir, '../tests/fixtures/titles')
const records = readTitleCorpora(corpusDir)
const outputs = new Map<string, ParseOutput>(records.map((record) => [record.title, describeReleaseName(classifier, record.title)]))
console.log(`accuracy on ${records.length} labelled names (${corpusDir}):`)
console.log(formatScores(scoreParses(records, outputs)))
console.log(`peak RSS ${peakRssMb().toFixed(0)} MB`)
