/**
 * Scores `cli parse` output against the labelled release-title corpora (shared/corpora/titles):
 * per field, the share of records whose expectation we meet. Only the fields a record asserts
 * count for it, as in the upstream tests; `absent` lists fields that must be missing.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ParseOutput } from '../../src/classify'

export type { ParseOutput }

interface CorpusRecord {
  title: string
  expected: Record<string, unknown>
  absent?: string[]
}

export function readTitleCorpora(dir: string, files = ['ptt_py.json', 'ptt_js.json', 'bitmagnet_dates.json']): CorpusRecord[] {
  return files.flatMap((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as CorpusRecord[])
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
    if (movieOrTv)
      score('movie_vs_tv', (output.content_type === 'tv_show') === (movieOrTv === 'tv_show'), record.title, movieOrTv, output.content_type)
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
