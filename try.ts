import { loadClassifier } from './src/classify/classifier'
import { parseTorrentFile } from './src/metainfo'
import { torrentFixtures, readTorrentFixture } from './tests/support/torrent-fixtures'
import { readTitleCorpora, scoreParses, formatScores, type ParseOutput } from './bench/support/title-accuracy'
const c = loadClassifier()
for (const f of torrentFixtures) {
  const m = parseTorrentFile(readTorrentFixture(f.file))
  const o = c.classify({ name: m.name, sizeBytes: m.sizeBytes, files: m.files, tags: [] })
  const got = o.deletedBy ? 'DELETED' : o.classification.contentType
  console.log(got === f.label_content_type ? 'ok  ' : 'MISS', f.label_content_type.padEnd(9), got.padEnd(9), m.name.slice(0, 50), o.deletedBy ? '' : JSON.stringify([o.classification.categories, o.classification.firedRules, o.classification.confidence]))
}
const records = readTitleCorpora('tests/fixtures/titles')
const outputs = new Map<string, ParseOutput>()
for (const r of records) {
  const o = c.classify({ name: r.title, sizeBytes: 0, files: null, tags: [] })
  if (o.deletedBy) { console.log('deleted', r.title); continue }
  const k = o.classification, p = k.parsed
  outputs.set(r.title, { name: r.title, title: p.title, year: p.year, seasons: p.seasons, episodes: p.episodes, air_date: p.airDate, resolution: p.resolution, source: p.source, modifiers: p.modifiers, video_codec: p.videoCodec, languages: p.languages, release_group: p.releaseGroup, content_type: k.contentType, xxx: k.contentType === 'xxx' })
}
const scores = scoreParses(records, outputs)
console.log(formatScores(scores))
const field = process.argv[2]
if (field) for (const m of scores.find(s => s.field === field)!.misses.slice(0, 40)) console.log(JSON.stringify(m))
