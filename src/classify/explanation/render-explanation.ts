/**
 * An explanation's code list (explanation-codes.ts) read back as short sentences, with the stored
 * classification row it was written beside: what the name parser found, the rule that decided and
 * the facts it read, the ground truth and its client, the rerank model's answer.
 */
import { CONTENT_TYPE_LABELS } from '../../vocabulary'
import { formatBytes } from '../bytes-text'
import type { ParsedRelease } from '../model'
import { decodeExplanation, decodeText } from './explanation-codes'

/** The stored classification an explanation is read with. */
export interface ExplainedRow {
  contentType: string
  confidence: number
  status: 'pending' | 'confirmed'
  firedRules: string[]
  /** The parsed release as stored (a label's title, year and episodes in place of the name's). */
  parsed: { [K in keyof Omit<ParsedRelease, 'isComplete'>]: AsStored<ParsedRelease[K]> }
  sizeBytes: number
  /** null when only the name is known. */
  filesCount: number | null
}

/** A column read back is text, not one of the parser's words. */
type AsStored<T> = T extends string ? string : T extends readonly string[] ? string[] : T

export interface Explanation {
  /** The rule that decided the content type, `ground_truth`, `llm_rerank`, or `no_rule` (other by default). */
  decidedBy: string
  steps: string[]
}

/** An explanation spells the adult type out: it is read without the library's context. */
const CONTENT_TYPE_WORDS: Record<string, string> = { ...CONTENT_TYPE_LABELS, xxx: 'XXX (adult)' }

const CLIENT_NAMES: Record<string, string> = {
  sonarr: 'Sonarr',
  radarr: 'Radarr',
  lidarr: 'Lidarr',
  readarr: 'Readarr',
  whisparr: 'Whisparr',
}

/** `describeRule` gives a rule's description from the rules file in force, when it has one. */
export function renderExplanation(codes: string, row: ExplainedRow, describeRule: (id: string) => string | null = () => null): Explanation {
  const { decided, label, model, rules } = decodeExplanation(codes)
  const rulesType = rules ? rules.contentType : row.contentType
  const rulesPercent = rules ? rules.confidencePercent : Math.round(row.confidence * 100)
  const steps = [parserStep(row)]
  const ruleId = decided ? (row.firedRules[decided.firedIndex] ?? 'unknown') : null
  if (decided && ruleId !== null) {
    const description = describeRule(ruleId)
    const verb = label || model ? 'said' : 'decided'
    steps.push(
      `Rule ${ruleId} ${verb} ${typeWord(rulesType)} at ${rulesPercent}% confidence${description ? `: ${oneLine(description)}` : ''}.`,
    )
    if (decided.facts.length > 0) steps.push(`It read: ${decided.facts.map((fact) => describeFact(fact, row)).join('; ')}.`)
  } else steps.push(`No rule placed it, so the rules left it ${typeWord(rulesType ?? 'other')} at ${rulesPercent}% confidence.`)
  if (label) {
    const client = label.client ? CLIENT_NAMES[label.client] : null
    const who = `${label.instance || 'an *arr client'}${client ? ` (${client})` : ''}`
    steps.push(`Ground truth: ${who} reported importing it as ${typeWord(row.contentType)}, which wins over the rules (confidence 100%).`)
  }
  if (model)
    steps.push(
      `The rules were not sure, so the model ${model.name} was asked; it answered ${typeWord(model.answer)} (confidence now ${Math.round(row.confidence * 100)}%).`,
    )
  return { decidedBy: model ? 'llm_rerank' : label ? 'ground_truth' : (ruleId ?? 'no_rule'), steps }
}

function parserStep(row: ExplainedRow): string {
  const { parsed } = row
  const found = [
    parsed.title ? `title "${parsed.title}"` : null,
    parsed.year ? `year ${parsed.year}` : null,
    episodesText(parsed.seasons, parsed.episodes),
    parsed.airDate ? `air date ${parsed.airDate}` : null,
    parsed.resolution ? parsed.resolution.replace(/^v(?=\d)/, '') : null,
    parsed.source,
    parsed.videoCodec,
    parsed.releaseGroup ? `group ${parsed.releaseGroup}` : null,
    parsed.languages.length ? `languages ${parsed.languages.join(', ')}` : null,
    parsed.editions.length ? parsed.editions.join(', ') : null,
  ].filter((part): part is string => part !== null)
  const source =
    row.status === 'confirmed'
      ? "The name parser read, with the label's title, year and episodes where it has them"
      : 'The name parser read'
  return found.length ? `${source}: ${found.join(', ')}.` : 'The name parser found no title, year, episode or quality in the name.'
}

type StoredRelease = ExplainedRow['parsed']

/** The parsed facts a rule reads from the row, by code: how each is named, and its stored value. */
const RELEASE_FACTS: Record<string, [string, (parsed: StoredRelease) => string | number | readonly string[] | null]> = {
  Y: ['year', (parsed) => parsed.year],
  A: ['air date', (parsed) => parsed.airDate],
  R: ['resolution', (parsed) => parsed.resolution?.replace(/^v(?=\d)/, '') ?? null],
  O: ['source', (parsed) => parsed.source],
  M: ['modifiers', (parsed) => parsed.modifiers],
  V: ['video codec', (parsed) => parsed.videoCodec],
  '3': ['3D', (parsed) => parsed.video3d],
  H: ['HDR', (parsed) => parsed.hdr],
  C: ['audio codecs', (parsed) => parsed.audioCodecs],
  N: ['audio channels', (parsed) => parsed.audioChannels],
  L: ['languages', (parsed) => parsed.languages],
  G: ['release group', (parsed) => parsed.releaseGroup],
  D: ['editions', (parsed) => parsed.editions],
}

function describeFact(fact: string, row: ExplainedRow): string {
  const { parsed } = row
  const code = fact[0]!
  const value = fact.slice(1)
  const releaseFact = RELEASE_FACTS[code]
  if (releaseFact) {
    const [what, read] = releaseFact
    const stored = read(parsed)
    const text = Array.isArray(stored) ? stored.join(', ') : stored
    return text ? `${what} ${text}` : `no ${what}`
  }
  switch (code) {
    case 'T':
      return parsed.title ? `title "${parsed.title}"` : 'no title'
    case 'S':
      return parsed.seasons.length ? plural('season', parsed.seasons) : 'no season'
    case 'E':
      return parsed.episodes.length ? plural('episode', parsed.episodes) : 'no episode'
    case 'Z':
      return `size ${formatBytes(row.sizeBytes)}`
    case 'F':
      return row.filesCount === null ? 'no file list (only the name is known)' : `a file list (${files(row.filesCount)})`
    case '#':
      return row.filesCount === null ? 'no file count' : files(row.filesCount)
    case 'K':
      return value === '1' ? 'named complete' : 'not named complete'
    case 'P':
      return `the largest file ${value}% of the bytes`
    case 'Q':
      return `the largest file is ${decodeText(value) || 'of no known type'}`
    case 'U':
      return `the largest file ${formatBytes(Number(value))}`
    case 's': {
      const [group, percent] = splitValue(value)
      return `${groupWords(group)} files ${percent}% of the bytes`
    }
    case 'c': {
      const [group, count] = splitValue(value)
      return `${count} ${groupWords(group)} file${count === '1' ? '' : 's'}`
    }
    case 'k': {
      const [group, hit] = splitValue(value.slice(1))
      return hit ? `"${hit}" in ${whereOf(value)} (${groupWords(group)} keywords)` : `no ${groupWords(group)} keyword in ${whereOf(value)}`
    }
    case 'm': {
      const [, match] = splitValue(value.slice(1))
      return match ? `its pattern found "${match}" in ${whereOf(value)}` : `its pattern found nothing in ${whereOf(value)}`
    }
    case 'l':
      return value ? `a label of ${typeWord(value)}` : 'no label'
    case '?': {
      const [path, text] = splitValue(value)
      return `${path} ${text ? `= ${text}` : 'is empty'}`
    }
    default:
      return decodeText(fact)
  }
}

/** A keyword or pattern entry tested the name (`n`) or the file paths (`p`). */
const whereOf = (value: string) => (value[0] === 'p' ? 'a file path' : 'the name')

/** `video=97` as [video, 97], both decoded. */
function splitValue(text: string): [string, string] {
  const at = text.indexOf('=')
  return at < 0 ? [decodeText(text), ''] : [decodeText(text.slice(0, at)), decodeText(text.slice(at + 1))]
}

function typeWord(contentType: string | null): string {
  return CONTENT_TYPE_WORDS[contentType ?? 'other'] ?? contentType ?? 'Other'
}

const groupWords = (group: string) => group.replaceAll('_', ' ')

const files = (count: number) => `${count} file${count === 1 ? '' : 's'}`

function episodesText(seasons: number[], episodes: number[]): string | null {
  const parts = [seasons.length ? plural('season', seasons) : null, episodes.length ? plural('episode', episodes) : null]
  return parts.filter(Boolean).join(', ') || null
}

/** `season 1`, `seasons 1-3`, `episodes 1, 4`. */
function plural(word: string, numbers: number[]): string {
  const sorted = [...numbers].sort((a, b) => a - b)
  if (sorted.length === 1) return `${word} ${sorted[0]}`
  const isRun = sorted.every((n, i) => i === 0 || n === sorted[i - 1]! + 1)
  return `${word}s ${isRun ? `${sorted[0]}-${sorted.at(-1)}` : sorted.join(', ')}`
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()
