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
import { type CorpusRecord, type FieldScore, isHeldOut, type ParseOutput, readTitleCorpus, scoreParses } from './support/title-accuracy'

const SHARED = join(import.meta.dir, '../../shared/corpora/titles')
const FILES = ['ptt_py.json', 'ptt_js.json', 'bitmagnet_dates.json', 'jellyfin.json', 'flexget.json', 'anitopy.json', 'medusa.json']
const FIELDS = [
  'resolution',
  'source',
  'season',
  'seasons',
  'episodes',
  'absolute_episodes',
  'movie_vs_tv',
  'content_type with marker',
  'content_type no marker',
  'languages',
  'release_group',
  'title',
  'year',
  'video_codec',
  'air_date',
]

if (!existsSync(SHARED)) {
  console.error(`no shared corpora at ${SHARED}`)
  process.exit(1)
}
const classifier = loadClassifier()
const corpora = FILES.map((file) => ({ file, records: readTitleCorpus(SHARED, file) }))
const all = corpora.flatMap((corpus) => corpus.records)
const outputs = new Map<string, ParseOutput>(all.map((record) => [record.title, describeReleaseName(classifier, record.title)]))

const missesField = Bun.argv.includes('--misses') ? Bun.argv[Bun.argv.indexOf('--misses') + 1] : undefined
if (missesField) {
  const training = all.filter((record) => !isHeldOut(record))
  const score = scoreParses(training, outputs).find((entry) => entry.field === missesField)
  for (const miss of score?.misses ?? []) console.log(JSON.stringify(miss))
  process.exit(0)
}

const percent = (score: FieldScore | undefined) =>
  score ? `${((100 * score.correct) / score.total).toFixed(1).padStart(5)} % ${`(${score.total})`.padEnd(7)}` : ''.padEnd(15)

function table(title: string, records: CorpusRecord[]) {
  const training = new Map(
    scoreParses(
      records.filter((r) => !isHeldOut(r)),
      outputs,
    ).map((s) => [s.field, s]),
  )
  const heldOut = new Map(scoreParses(records.filter(isHeldOut), outputs).map((s) => [s.field, s]))
  console.log(`\n${title}: ${records.length} names`)
  console.log(`  ${'field'.padEnd(26)} ${'training'.padEnd(15)} held-out`)
  for (const field of FIELDS) {
    if (!training.has(field) && !heldOut.has(field)) continue
    console.log(`  ${field.padEnd(26)} ${percent(training.get(field))} ${percent(heldOut.get(field))}`)
  }
}

table('all corpora', all)
for (const corpus of corpora) table(corpus.file, corpus.records)
