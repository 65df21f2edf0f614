/**
 * Per-field accuracy of `cli parse` over every labelled title corpus (shared/corpora/titles),
 * on the training part and on the held-out quarter (`isHeldOut`) side by side, per corpus and in
 * all. Content type is reported for names with and without an episode marker.
 *   bun bench/accuracy.ts                 the tables
 *   bun bench/accuracy.ts --misses FIELD  the training misses of one field (never the held-out ones)
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describeReleaseName, loadClassifier } from '../src/classify'
import { formatSplitScores, isHeldOut, type ParseOutput, readTitleCorpus, scoreParses, TITLE_CORPORA } from './support/title-accuracy'

const SHARED = join(import.meta.dir, '../../shared/corpora/titles')

if (!existsSync(SHARED)) {
  console.error(`no shared corpora at ${SHARED}`)
  process.exit(1)
}
const classifier = loadClassifier()
const corpora = TITLE_CORPORA.map((file) => ({ file, records: readTitleCorpus(SHARED, file) }))
const all = corpora.flatMap((corpus) => corpus.records)
const outputs = new Map<string, ParseOutput>(all.map((record) => [record.title, describeReleaseName(classifier, record.title)]))

const missesField = Bun.argv.includes('--misses') ? Bun.argv[Bun.argv.indexOf('--misses') + 1] : undefined
if (missesField) {
  const training = all.filter((record) => !isHeldOut(record))
  const score = scoreParses(training, outputs).find((entry) => entry.field === missesField)
  for (const miss of score?.misses ?? []) console.log(JSON.stringify(miss))
  process.exit(0)
}

console.log(formatSplitScores('all corpora', all, outputs))
for (const corpus of corpora) console.log(`\n${formatSplitScores(corpus.file, corpus.records, outputs)}`)
