/**
 * What the rerank model is asked and how its answer is read. Pure: no HTTP here, so the prompt
 * and the reading of odd answers are tested without a server.
 */
import type { TorrentFile } from '../../metainfo'
import { formatBytes } from '../bytes-text'
import { CONTENT_TYPES, type ContentType } from '../../vocabulary'

/** A torrent the rules could not place for sure, as the model sees it. */
export interface RerankSubject {
  name: string
  sizeBytes: number
  files: readonly TorrentFile[] | null
  ruleContentType: ContentType
  ruleConfidence: number
}

export interface ChatMessage {
  role: 'system' | 'user'
  content: string
}

/** The largest files say most about a torrent; a long tail of .nfo and samples says little. */
const LISTED_FILES = 15

const SYSTEM_PROMPT = [
  'You classify BitTorrent torrents by what they contain.',
  `Answer with exactly one of these content types and nothing else: ${CONTENT_TYPES.join(', ')}.`,
  'tv_show is episodes or seasons of a series (anime included); movie is a feature film; xxx is adult content;',
  'comic is comic books or manga; game is a video game; software is any other program; other is anything else.',
].join(' ')

export function buildRerankMessages(subject: RerankSubject): ChatMessage[] {
  const lines = [`Torrent name: ${subject.name}`, `Total size: ${formatBytes(subject.sizeBytes)}`]
  if (subject.files && subject.files.length > 0) {
    const largest = [...subject.files].sort((a, b) => b.sizeBytes - a.sizeBytes).slice(0, LISTED_FILES)
    lines.push(`Files (${subject.files.length}, largest first):`)
    for (const file of largest) lines.push(`- ${file.path} (${formatBytes(file.sizeBytes)})`)
  } else {
    lines.push('File list: unknown')
  }
  lines.push(`A keyword classifier guessed ${subject.ruleContentType} with confidence ${subject.ruleConfidence.toFixed(2)}.`)
  lines.push('Which content type is it?')
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: lines.join('\n') },
  ]
}

/**
 * The content type a model's reply names, or null when it names none or several. Models wrap
 * answers in quotes, sentences or markdown, and write `tv show` or `TV_Show`; all of those count,
 * but an answer that hedges between two types does not.
 */
export function readRerankAnswer(reply: string): ContentType | null {
  const normalised = reply
    .toLowerCase()
    .replace(/\btv[\s-]+shows?\b/g, 'tv_show')
    .replace(/\bmovies\b/g, 'movie')
  const named = new Set(CONTENT_TYPES.filter((type) => new RegExp(`(^|[^a-z_])${type}([^a-z_]|$)`).test(normalised)))
  return named.size === 1 ? [...named][0]! : null
}
