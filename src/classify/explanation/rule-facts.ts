/**
 * Which facts a rule reads, found once in its checked AST, and how each is written into an
 * explanation's code list when the rule decides a torrent's type (explanation-codes.ts has the
 * codes). Facts the stored classification row already holds (the parsed release, the size,
 * whether a file list is known) are written as a bare code and read back from the row; the rest
 * (byte shares, file counts, keyword hits) carry their value.
 */
import type { ASTNode } from '@marcbachmann/cel-js'
import type { KeywordMatcher } from '../rules/keywords'
import { ROW_FACT_CODES, encodeText } from './explanation-codes'

/** What a rule's expression sees, as the rule engine builds it. */
export interface RuleContext {
  torrent: { name: string; paths: string; largestFileShare: number; largestFile: { type: string; size: number } } & Record<string, unknown>
  release: Record<string, unknown>
  result: Record<string, unknown>
  label: { contentType: string }
  shares: Map<string, number>
  counts: Map<string, bigint>
}

/** One fact of a rule, as its code-list entry, read once the chain has run. */
export type FactReader = (context: RuleContext) => string

/** Texts a rule may test with hasKeyword or matches: the name, or all file paths. */
const TEXTS: Record<string, 'n' | 'p'> = { 'torrent.name': 'n', 'torrent.paths': 'p' }
/** Generic values are cut to this many characters: a code list stays a few dozen bytes. */
const MAX_VALUE_CHARS = 60

/** The readers of every fact `ast` reads, in the order it reads them, each once. */
export function factReadersOf(ast: ASTNode, keywords: ReadonlyMap<string, KeywordMatcher>): FactReader[] {
  const readers = new Map<string, FactReader>()
  collect(ast, keywords, readers)
  return [...readers.values()]
}

function collect(node: ASTNode, keywords: ReadonlyMap<string, KeywordMatcher>, readers: Map<string, FactReader>): void {
  const path = pathOf(node)
  if (path !== null) {
    addPath(path, readers)
    return
  }
  if (node.op === 'rcall') {
    const [name, target, args] = node.args
    const text = TEXTS[pathOf(target) ?? '']
    const literal = args[0]?.op === 'value' && typeof args[0].args === 'string' ? args[0].args : null
    if (text && literal !== null && (name === 'hasKeyword' || name === 'matches')) {
      const read = textOf(text)
      if (name === 'hasKeyword') {
        const matcher = keywords.get(literal)
        const prefix = `k${text}${encodeText(literal)}=`
        // The screened test first: most texts hold none of a group's keywords, and find runs the whole pattern.
        if (matcher)
          readers.set(prefix, (context) => {
            const tested = read(context)
            return matcher.test(tested) ? prefix + encodeText(matcher.find(tested) ?? '') : prefix
          })
      } else {
        const pattern = toRegExp(literal)
        if (pattern) readers.set(`m${text}${literal}`, (context) => `m${text}=${encodeText(cut(pattern.exec(read(context))?.[0] ?? ''))}`)
      }
      for (const arg of args) collect(arg, keywords, readers)
      return
    }
  }
  for (const child of childrenOf(node)) collect(child, keywords, readers)
}

function addPath(path: string, readers: Map<string, FactReader>): void {
  if (readers.has(path) || path in TEXTS) return
  const rowCode = ROW_FACT_CODES[path]
  if (rowCode) {
    readers.set(path, () => rowCode)
    return
  }
  const [root, field, sub] = path.split('.') as [string, string | undefined, string | undefined]
  const group = encodeText(field ?? '')
  if (root === 'shares' && field) readers.set(path, (context) => `s${group}=${percent(context.shares.get(field) ?? 0)}`)
  else if (root === 'counts' && field) readers.set(path, (context) => `c${group}=${context.counts.get(field) ?? 0}`)
  else if (path === 'release.complete') readers.set(path, (context) => `K${context.release.complete ? 1 : 0}`)
  else if (path === 'torrent.largestFileShare') readers.set(path, (context) => `P${percent(context.torrent.largestFileShare)}`)
  else if (path === 'torrent.largestFile.type') readers.set(path, (context) => `Q${encodeText(context.torrent.largestFile.type)}`)
  else if (path === 'torrent.largestFile.size') readers.set(path, (context) => `U${context.torrent.largestFile.size}`)
  else if (path === 'label.contentType') readers.set(path, (context) => `l${context.label.contentType}`)
  else if (root in ({ torrent: 1, release: 1, result: 1 } as const) && field)
    readers.set(path, (context) => `?${path}=${encodeText(cut(describeValue(readPath(context, [root, field, sub]))))}`)
}

const textOf = (text: 'n' | 'p') => (context: RuleContext) => (text === 'n' ? context.torrent.name : context.torrent.paths)

/** `torrent.largestFile.type`, `shares.video` (also written `shares["video"]`), or null for anything else. */
function pathOf(node: ASTNode): string | null {
  if (node.op === 'id') return node.args
  if (node.op === '.') {
    const base = pathOf(node.args[0])
    return base === null ? null : `${base}.${node.args[1]}`
  }
  if (node.op === '[]') {
    const [target, key] = node.args
    const base = pathOf(target)
    return base !== null && key.op === 'value' && typeof key.args === 'string' ? `${base}.${key.args}` : null
  }
  return null
}

/** The sub-expressions of a node, whatever its kind (cel-js keeps them in `args`). */
function childrenOf(node: ASTNode): ASTNode[] {
  const found: ASTNode[] = []
  const visit = (value: unknown) => {
    if (Array.isArray(value)) for (const item of value) visit(item)
    else if (value !== null && typeof value === 'object' && 'op' in value) found.push(value as ASTNode)
  }
  visit(node.args)
  return found
}

function readPath(context: RuleContext, [root, field, sub]: [string, string, string | undefined]): unknown {
  const value = (context as unknown as Record<string, Record<string, unknown>>)[root]?.[field]
  return sub === undefined ? value : (value as Record<string, unknown> | undefined)?.[sub]
}

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(describeValue).join(', ')
  if (value !== null && typeof value === 'object') return ''
  return String(value ?? '')
}

/** RE2 (CEL's `matches`) and JavaScript agree on the patterns rules are written with; one that does not compile is left out. */
function toRegExp(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern, 'u')
  } catch {
    return null
  }
}

function percent(share: number): number {
  // Floored, so 0.499 reads 49 % beside a rule's `>= 0.5`; the epsilon keeps 0.29 at 29.
  return Math.floor(share * 100 + 1e-9)
}

const cut = (text: string) => (text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text)
