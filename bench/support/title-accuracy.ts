/**
 * Scores `cli parse` output against the labelled release-title corpora (shared/corpora/titles):
 * per field, the share of records whose expectation we meet. Only the fields a record asserts
 * count for it, as in the upstream tests; `absent` lists fields that must be missing.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ParseOutput } from '../../src/classify'

export type { ParseOutput }

export interface CorpusRecord {
  title: string
  expected: Record<string, unknown>
  absent?: string[]
}

export function readTitleCorpora(dir: string, files = ['ptt_py.json', 'ptt_js.json', 'bitmagnet_dates.json']): CorpusRecord[] {
  return files.flatMap((file) => readTitleCorpus(dir, file))
}

/** One corpus file; a corpus whose index says every record is one content type gets it as an expectation. */
export function readTitleCorpus(dir: string, file: string): CorpusRecord[] {
  const records = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CorpusRecord[]
  const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as {
    corpora: { file: string; implied_content_type: string | null }[]
  }
  const implied = index.corpora.find((corpus) => corpus.file === file)?.implied_content_type
  if (!implied) return records
  return records.map((record) => ({ ...record, expected: { content_type: implied, ...record.expected } }))
}

/**
 * The held-out part: a fixed quarter of every corpus chosen by a hash of the name, so it never
 * moves between runs and no one picks it. Fixes are made looking at the other three quarters only.
 */
export function isHeldOut(record: CorpusRecord): boolean {
  let hash = 0x811c9dc5
  for (let i = 0; i < record.title.length; i++) hash = Math.imul(hash ^ record.title.charCodeAt(i), 0x01000193)
  return (hash >>> 0) % 4 === 0
}

/** `S01E02`, `1x02`, `Season 1`, `Episode 4`...: a marker that says TV to any parser. */
export function hasEpisodeMarker(name: string): boolean {
  return /(?:^|[^a-z0-9])(?:s\d{1,4}[ ._-]?e\d{1,4}|\d{1,2}x\d{1,4}|season|saison|temporada|staffel|episodes?|s\d{1,2})(?:[^a-z0-9]|$)/i.test(
    name,
  )
}

const codecFamily = (codec: unknown) => (codec === 'x264' ? 'h264' : codec === 'x265' ? 'h265' : codec)
const sameList = (a: unknown[], b: unknown[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join()
const tvLike = (output: ParseOutput) => output.content_type === 'tv_show'

/** For each corpus field, whether `output` meets `expected`; undefined when not judged. */
const JUDGES: Record<string, (output: ParseOutput, expected: unknown) => boolean> = {
  resolution: (o, e) => o.resolution === e,
  source: (o, e) => o.source === e,
  modifier: (o, e) => o.modifiers.includes(e as string),
  video_codec: (o, e) => codecFamily(o.video_codec) === codecFamily(e),
  languages: (o, e) => sameList(o.languages, e as string[]),
  season: (o, e) => sameList(o.seasons, [e]),
  seasons: (o, e) => sameList(o.seasons, e as number[]),
  episodes: (o, e) => sameList(o.episodes, e as number[]),
  // Our parse output puts anime absolute numbers in `episodes` (corpora README).
  absolute_episodes: (o, e) => sameList(o.episodes, e as number[]),
  air_date: (o, e) => o.air_date === e,
  no_date: (o) => o.air_date === null,
  year: (o, e) => o.year === e,
  no_year: (o) => o.year === null,
  title: (o, e) => (o.title ?? '').toLowerCase() === String(e).toLowerCase(),
  release_group: (o, e) => o.release_group === e,
  xxx: (o, e) => o.xxx === e,
  content_type: (o, e) => (e === 'tv_show' ? tvLike(o) : o.content_type === e),
}

const ABSENT: Record<string, (output: ParseOutput) => boolean> = {
  year: (o) => o.year === null,
  episodes: (o) => o.episodes.length === 0,
  seasons: (o) => o.seasons.length === 0,
  resolution: (o) => o.resolution === null,
  source: (o) => o.source === null,
  languages: (o) => o.languages.length === 0,
  release_group: (o) => o.release_group === null,
  air_date: (o) => o.air_date === null,
}

export interface FieldScore {
  field: string
  correct: number
  total: number
  misses: { name: string; expected: unknown; got: unknown }[]
}

export function scoreParses(records: CorpusRecord[], outputs: Map<string, ParseOutput>): FieldScore[] {
  const scores = new Map<string, FieldScore>()
  const score = (field: string, ok: boolean, name: string, expected: unknown, got: unknown) => {
    const entry = scores.get(field) ?? { field, correct: 0, total: 0, misses: [] }
    entry.total++
    if (ok) entry.correct++
    else entry.misses.push({ name, expected, got })
    scores.set(field, entry)
  }
  for (const record of records) {
    const output = outputs.get(record.title)
    if (!output) throw new Error(`no parse for ${record.title}`)
    for (const [field, expected] of Object.entries(record.expected)) {
      const judge = JUDGES[field]
      if (judge) score(field, judge(output, expected), record.title, expected, pick(output, field))
    }
    for (const field of record.absent ?? []) {
      const judge = ABSENT[field]
      if (judge) score(`absent ${field}`, judge(output), record.title, null, pick(output, field))
    }
    const movieOrTv = movieVersusTv(record)
    if (movieOrTv) {
      score('movie_vs_tv', (output.content_type === 'tv_show') === (movieOrTv === 'tv_show'), record.title, movieOrTv, output.content_type)
      // What Radarr and Sonarr see: a movie typed `other` is outside the movie categories they search.
      const marked = hasEpisodeMarker(record.title) ? 'with marker' : 'no marker'
      score(`content_type ${marked}`, output.content_type === movieOrTv, record.title, movieOrTv, output.content_type)
    }
  }
  return [...scores.values()]
}

/**
 * The corpora seldom say movie or TV outright; a record that asserts seasons or episodes
 * (non-empty) is a TV release, and one that asserts a year and no episodes is a movie. An air date
 * alone says nothing: the date corpus holds adult, sport and music names too.
 */
function movieVersusTv(record: CorpusRecord): 'movie' | 'tv_show' | undefined {
  const e = record.expected
  if (e.content_type === 'movie' || e.content_type === 'tv_show') return e.content_type
  const hasEpisodes = (key: string) => Array.isArray(e[key]) && (e[key] as unknown[]).length > 0
  if (hasEpisodes('seasons') || hasEpisodes('episodes') || typeof e.season === 'number') return 'tv_show'
  if (typeof e.year === 'number' && Array.isArray(e.seasons) && Array.isArray(e.episodes)) return 'movie'
  return undefined
}

function pick(output: ParseOutput, field: string): unknown {
  const key = field === 'season' ? 'seasons' : field === 'modifier' ? 'modifiers' : field.replace(/^no_/, '')
  return (output as unknown as Record<string, unknown>)[key === 'date' ? 'air_date' : key]
}

export function formatScores(scores: FieldScore[]): string {
  return scores
    .sort((a, b) => a.field.localeCompare(b.field))
    .map((s) => `  ${s.field.padEnd(22)} ${((100 * s.correct) / s.total).toFixed(1).padStart(5)} %  (${s.correct}/${s.total})`)
    .join('\n')
}

/** Every shared title corpus. */
export const TITLE_CORPORA = [
  'ptt_py.json',
  'ptt_js.json',
  'bitmagnet_dates.json',
  'jellyfin.json',
  'flexget.json',
  'anitopy.json',
  'medusa.json',
]

const SPLIT_FIELDS = [
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

/** Per field, the training part's figure beside the held-out part's. */
export function formatSplitScores(title: string, records: CorpusRecord[], outputs: Map<string, ParseOutput>): string {
  const percent = (score: FieldScore | undefined) =>
    score ? `${((100 * score.correct) / score.total).toFixed(1).padStart(5)} % ${`(${score.total})`.padEnd(7)}` : ''.padEnd(15)
  const training = new Map(
    scoreParses(
      records.filter((record) => !isHeldOut(record)),
      outputs,
    ).map((s) => [s.field, s]),
  )
  const heldOut = new Map(scoreParses(records.filter(isHeldOut), outputs).map((s) => [s.field, s]))
  const lines = [`${title}: ${records.length} names`, `  ${'field'.padEnd(26)} ${'training'.padEnd(15)} held-out`]
  for (const field of SPLIT_FIELDS) {
    if (training.has(field) || heldOut.has(field))
      lines.push(`  ${field.padEnd(26)} ${percent(training.get(field))} ${percent(heldOut.get(field))}`)
  }
  return lines.join('\n')
}
