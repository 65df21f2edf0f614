/**
 * docs/architecture.md against the tree: a folder without a row in the map, a code cited in a
 * comment without a glossary entry, or a path in the flows that is gone fails, naming it. Files
 * are only read, so it runs under Deno as well (deno.jsonc).
 */
import { describe, expect, test } from 'bun:test'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const MAP_PATH = 'docs/architecture.md'
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8')
const doc = read(MAP_PATH)

/** The text of the `## N. …` section whose heading starts with `heading`, up to the next `## `. */
function section(heading: string): string {
  const start = doc.indexOf(`\n## ${heading}`)
  if (start < 0) throw new Error(`${MAP_PATH} has no section "## ${heading}"`)
  const end = doc.indexOf('\n## ', start + 1)
  return doc.slice(start, end < 0 ? undefined : end)
}

/** What the benches write where they run (.gitignore): no part of the house. */
const BENCH_OUTPUT = 'bench/out'

/** `top/` and every folder below it, each as `path/`, sorted. */
function foldersUnder(top: string): string[] {
  const found = [`${top}/`]
  for (const entry of readdirSync(join(ROOT, top), { withFileTypes: true }))
    if (entry.isDirectory() && `${top}/${entry.name}` !== BENCH_OUTPUT) found.push(...foldersUnder(`${top}/${entry.name}`))
  return found.sort()
}

/** Every file below `top` (repository-relative), skipping the folders in `skip`. */
function filesUnder(top: string, skip: ReadonlySet<string>): string[] {
  const found: string[] = []
  for (const entry of readdirSync(join(ROOT, top), { withFileTypes: true })) {
    const path = `${top}/${entry.name}`
    if (entry.isDirectory()) {
      if (!skip.has(path)) found.push(...filesUnder(path, skip))
    } else found.push(path)
  }
  return found.sort()
}

describe('the map', () => {
  const map = section('2. ')
  /** Folder rows: the first cell is a folder in backticks, `*(planned)*` when a branch is still creating it. */
  const rows = [...map.matchAll(/^\| `([a-z][^`]*\/)`( \*\(planned\)\*)? \|/gm)].map((match) => ({
    folder: match[1]!,
    isPlanned: match[2] !== undefined,
  }))
  const mapped = new Set(rows.map((row) => row.folder))

  test('has a row for every folder under src/, views/, migrations/ and bench/', () => {
    const folders = ['src', 'views', 'migrations', 'bench'].flatMap(foldersUnder)
    expect(folders.filter((folder) => !mapped.has(folder))).toEqual([])
  })

  test('names only folders that exist, and marks a folder planned only until it exists', () => {
    const gone = rows.filter((row) => !row.isPlanned && !existsSync(join(ROOT, row.folder))).map((row) => row.folder)
    const landed = rows
      .filter((row) => row.isPlanned && existsSync(join(ROOT, row.folder)))
      .map((row) => `${row.folder} exists: drop *(planned)*`)
    expect({ gone, landed }).toEqual({ gone: [], landed: [] })
  })
})

/** Where codes are cited: the code, its tests and benches, and the lint's configuration. */
const CITING_FOLDERS = ['src', 'views', 'migrations', 'tests', 'bench']
const CITING_ROOT_FILES = ['.dependency-cruiser.cjs', '.dependency-cruiser-runtime.cjs', 'deno.jsonc', 'biome.json']
/** Data, not prose: title corpora hold release names such as `(DVD, R2)`. */
const NOT_CITING = new Set(['tests/fixtures'])
const TEXT_FILE = /\.(ts|tsx|js|cjs|sql|yml|yaml|graphql|css|md|jsonc)$/
/** This file: its patterns would cite what they look for. */
const THIS_FILE = 'tests/docs/architecture-map.test.ts'

/** `a`, or each number from `a` to `b` when a range (`R19-R34`, `3.2-3.3`) was cited. */
function expand(prefix: string, from: string, to: string | undefined): string[] {
  if (to === undefined) return [`${prefix}${from}`]
  const [fromMajor, fromMinor] = from.split('.')
  const [toMajor, toMinor] = to.split('.')
  if (fromMinor === undefined && toMinor === undefined) {
    const codes: string[] = []
    for (let n = Number(fromMajor); n <= Number(toMajor); n++) codes.push(`${prefix}${n}`)
    return codes
  }
  if (fromMajor === toMajor && fromMinor !== undefined && toMinor !== undefined) {
    const codes: string[] = []
    for (let n = Number(fromMinor); n <= Number(toMinor); n++) codes.push(`${prefix}${fromMajor}.${n}`)
    return codes
  }
  return [`${prefix}${from}`, `${prefix}${to}`]
}

/** Numbers and ranges of a cited list: `5.2, 3.8, 3.10`, `3.2-3.3`, `30.5 and 30.8`, `1, 2 and 7`. */
function listed(prefix: string, list: string): string[] {
  return [...list.matchAll(/(\d+(?:\.\d+)*)(?:\s*[-–]\s*(\d+(?:\.\d+)*))?/g)].flatMap((match) => expand(prefix, match[1]!, match[2]))
}

const LIST = String.raw`\d+(?:\.\d+)*(?:\s*(?:,|and|[-–])\s*§?\s*\d+(?:\.\d+)*)*`

/**
 * Every glossary code a text cites, once each, in the glossary's spelling (`R43`, `DESIGN 3.22`,
 * `spec 5.2`, `STYLE 12`, `issue 30`, `issue 30.5`: a point of an issue needs the entry too).
 */
function citedCodes(text: string): string[] {
  const codes: string[] = []
  // Torznab requirements and pitfalls, as the comments cite them: inside parentheses, alone or
  // in a list, maybe followed by a colon: `(R43)`, `(R1, D21)`, `(R19-R34)`, `(D1: …)`, `(anime, R44)`.
  for (const [, inside] of text.matchAll(/\(([^()]*)\)/g))
    for (const part of inside!.split(/[,;]/)) {
      const code = /^([RD])(\d{1,2})(?:\s*[-–]\s*[RD]?(\d{1,2}))?\s*(?::|$)/.exec(part.trim())
      if (code) codes.push(...expand(code[1]!, code[2]!, code[3]))
    }
  for (const [, list] of text.matchAll(new RegExp(String.raw`\bDESIGN(?:\.md)?\s*§?\s*(${LIST})`, 'g')))
    codes.push(...listed('DESIGN ', list!))
  for (const [, list] of text.matchAll(new RegExp(String.raw`\bspec(?:'s)?\s+§?\s*(${LIST})`, 'gi'))) codes.push(...listed('spec ', list!))
  for (const [, list] of text.matchAll(new RegExp(String.raw`\bSTYLE(?:\.md)?\s*(?:conventions?\s*)?§?\s*(${LIST})`, 'g')))
    codes.push(...listed('STYLE ', list!))
  for (const [, list, point] of text.matchAll(new RegExp(String.raw`\bissues?\s+#?(${LIST})(?:,?\s+point\s+(\d+))?`, 'gi'))) {
    const numbers = listed('issue ', list!)
    codes.push(...numbers, ...numbers.map((code) => code.replace(/\..*/, '')))
    if (point !== undefined) codes.push(`${numbers[0]}.${point}`)
  }
  return [...new Set(codes)]
}

describe('the glossary', () => {
  const glossary = section('4. ')
  const entries = new Set(
    [...glossary.matchAll(/^\| ((?:R|D)\d+|(?:DESIGN|spec|STYLE|issue) \d+(?:\.\d+)*) \|/gm)].map((match) => match[1]!),
  )

  test('reads the codes as comments cite them', () => {
    expect(citedCodes('(R1, D21) (R19-R34) (D1: an unknown) (anime, R44) (raw HD, R5/R6, remux) S02 D3')).toEqual([
      'R1',
      'D21',
      ...Array.from({ length: 16 }, (_, i) => `R${19 + i}`),
      'D1',
      'R44',
    ])
    expect(citedCodes('(DESIGN.md 5.2, 3.8, 3.10) (DESIGN §3.1) DESIGN.md 3.2-3.3 (DESIGN.md 7.2)')).toEqual([
      'DESIGN 5.2',
      'DESIGN 3.8',
      'DESIGN 3.10',
      'DESIGN 3.1',
      'DESIGN 3.2',
      'DESIGN 3.3',
      'DESIGN 7.2',
    ])
    expect(citedCodes("(spec 2.1) the spec's §7.2; inspect 3")).toEqual(['spec 2.1', 'spec 7.2'])
    expect(citedCodes('(STYLE.md conventions 1, 2 and 7) (STYLE 12)')).toEqual(['STYLE 1', 'STYLE 2', 'STYLE 7', 'STYLE 12'])
    expect(citedCodes('(issues 30.5 and 30.8) (issue 34 point 3) Issue 29')).toEqual([
      'issue 30.5',
      'issue 30.8',
      'issue 30',
      'issue 34',
      'issue 34.3',
      'issue 29',
    ])
  })

  test('explains every code cited in the code, tests, benches, migrations, views and lint configuration', () => {
    const files = [
      ...CITING_FOLDERS.flatMap((folder) => filesUnder(folder, NOT_CITING)).filter((path) => TEXT_FILE.test(path) && path !== THIS_FILE),
      ...CITING_ROOT_FILES,
    ]
    const firstCitedIn = new Map<string, string>()
    for (const path of files) for (const code of citedCodes(read(path))) if (!firstCitedIn.has(code)) firstCitedIn.set(code, path)
    const unexplained = [...firstCitedIn].filter(([code]) => !entries.has(code)).map(([code, path]) => `${code} (first cited in ${path})`)
    expect(unexplained).toEqual([])
    // The scan found the citations there are, not none through a broken pattern.
    expect(firstCitedIn.size).toBeGreaterThan(50)
  })
})

describe('the flows', () => {
  test('pass through files and folders that exist', () => {
    const flows = section('3. ')
    const paths = [...flows.matchAll(/`((?:src|views|migrations|tests|bench|docs)\/[^`\s]*)`/g)].map((match) => match[1]!)
    expect(paths.length).toBeGreaterThan(40)
    expect(paths.filter((path) => !existsSync(join(ROOT, path)))).toEqual([])
  })
})
