/**
 * The stored form of a classification's explanation: a short code list, one entry per space,
 * rendered to sentences only when read (render-explanation.ts). A few dozen bytes a torrent,
 * where the sentences would be a few hundred. Entries:
 *
 *   @N          the rule that set the rules' content type: entry N of the row's fired_rules
 *   -           no rule set one (the type is other by default)
 *   Y S E ...   a fact that rule read which the row itself holds (ROW_FACT_CODES), no value
 *   K1 P93 Qvideo U4500000000   release.complete, the largest file's share, type and size
 *   svideo=97 caudio=12          a file group's share of the bytes (%), its number of files
 *   knxxx=brazzers kpbanned=     a keyword group tested on the name (n) or paths (p), and its hit
 *   mn=ABC-123                   what a `matches` pattern found in the name (n) or paths (p)
 *   ltv_show  ?path=value        label.contentType; any other fact, its value cut short
 *   gsonarr-main/sonarr          ground truth applied: the instance that reported it, its client kind
 *   atv_show/model-name          the rerank model's answer and the model asked
 *   wmovie/85                    what the rules alone said (type, confidence %), kept when a label
 *                                or the model replaced it
 * Free text (keyword hits, matches, model names) is URI-encoded, so no entry holds a space.
 */
import type { ContentType } from '../../vocabulary'

/** Facts the classification row holds (the parsed release and the torrent's size and file list), by rule path. */
export const ROW_FACT_CODES: Readonly<Record<string, string>> = {
  'release.title': 'T',
  'release.year': 'Y',
  'release.seasons': 'S',
  'release.episodes': 'E',
  'release.airDate': 'A',
  'release.resolution': 'R',
  'release.source': 'O',
  'release.modifiers': 'M',
  'release.videoCodec': 'V',
  'release.video3d': '3',
  'release.hdr': 'H',
  'release.audioCodecs': 'C',
  'release.audioChannels': 'N',
  'release.languages': 'L',
  'release.releaseGroup': 'G',
  'release.editions': 'D',
  'torrent.size': 'Z',
  'torrent.hasFileList': 'F',
  'torrent.filesCount': '#',
}

export const encodeText = (text: string) => encodeURIComponent(text)

/** What the rule engine records of the rule that set the content type. */
export interface DecidingRule {
  /** Its position among the fired rules. */
  firedIndex: number
  /** Its facts' entries as rule-facts.ts writes them, each after a space (one string: a torrent's classification allocates enough). */
  facts: string
}

/** Where a ground-truth label came from: the *arr instance that reported it and its client kind, when known. */
export interface LabelSource {
  instance: string
  client: string | null
}

/** The code list of a classification by the rules, with or without a ground-truth label. */
export function encodeExplanation(
  decided: DecidingRule | null,
  label: { source: LabelSource | null } | null,
  rules: { contentType: ContentType | null; confidence: number },
): string {
  const codes = decided ? `@${decided.firedIndex}${decided.facts}` : '-'
  return label ? `${codes} g${encodeText(label.source?.instance ?? '')}/${label.source?.client ?? ''} ${rulesVerdict(rules)}` : codes
}

/** The code list once the rerank model has answered: what the rules said is kept beside the answer. */
export function withModelAnswer(
  explanation: string,
  answer: ContentType,
  model: string,
  rules: { contentType: ContentType; confidence: number },
): string {
  return `${explanation} a${answer}/${encodeText(model)} ${rulesVerdict(rules)}`
}

function rulesVerdict(rules: { contentType: ContentType | null; confidence: number }): string {
  return `w${rules.contentType ?? '-'}/${Math.round(rules.confidence * 100)}`
}

/** A code list read back. */
export interface ExplanationCodes {
  decided: { firedIndex: number; facts: string[] } | null
  label: LabelSource | null
  model: { answer: string; name: string } | null
  rules: { contentType: string | null; confidencePercent: number } | null
}

export function decodeExplanation(codes: string): ExplanationCodes {
  const decoded: ExplanationCodes = { decided: null, label: null, model: null, rules: null }
  for (const entry of codes.split(' ')) {
    const head = entry[0]
    const rest = entry.slice(1)
    if (head === '@') decoded.decided = { firedIndex: Number(rest), facts: [] }
    else if (head === 'g') {
      const [instance, client] = splitOnce(rest)
      decoded.label = { instance: decodeText(instance), client: client || null }
    } else if (head === 'a') {
      const [answer, name] = splitOnce(rest)
      decoded.model = { answer, name: decodeText(name) }
    } else if (head === 'w') {
      const [contentType, confidence] = splitOnce(rest)
      decoded.rules = { contentType: contentType === '-' ? null : contentType, confidencePercent: Number(confidence) }
    } else if (head !== '-' && entry !== '') decoded.decided?.facts.push(entry)
  }
  return decoded
}

export function decodeText(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

function splitOnce(text: string): [string, string] {
  const at = text.indexOf('/')
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)]
}
