import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Glob } from 'bun'
import { REPO_ROOT } from '../support/processes'

/**
 * Where SQL may be written (issue 31 point 1): the core's store, the dashboard's store, and the reader
 * of a foreign magnetico file. The lint checks imports; text is checked here, where a regex can read it.
 */
const STORAGE_PLACES = [/^src\/store\//, /^src\/dashboard\/store\//, /^src\/importer\/read-magnetico\.ts$/]

/** A statement as code writes it: keywords in capitals, followed by what only SQL puts after them. */
const SQL_STATEMENT =
  /\b(SELECT\s+[\w*(]|INSERT\s+(OR\s+\w+\s+)?INTO\b|UPDATE\s+\w+\s+SET\b|DELETE\s+FROM\b|PRAGMA\s+\w|VACUUM\b|CREATE\s+(TABLE|INDEX|TRIGGER|VIEW)\b|WITH\s+RECURSIVE\b)/

/** Comments may talk about SQL (a why-comment naming a PRAGMA); only code is judged. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
}

function sourceFiles(): string[] {
  return [...new Glob('src/**/*.{ts,tsx}').scanSync({ cwd: REPO_ROOT })].sort()
}

describe('SQL lives in the storage places only', () => {
  test('no file outside src/store, src/dashboard/store and the magnetico reader holds SQL text or opens a PostgreSQL client', () => {
    const offenders = sourceFiles()
      .filter((file) => !STORAGE_PLACES.some((place) => place.test(file)))
      .flatMap((file) => {
        const code = withoutComments(readFileSync(join(REPO_ROOT, file), 'utf8'))
        const found = code.match(SQL_STATEMENT)?.[0] ?? code.match(/\bBun\.SQL\b|\bnew SQL\(/)?.[0]
        return found ? [`${file}: ${found.trim()}`] : []
      })
    expect(offenders).toEqual([])
  })

  test('the check finds a statement written in a capability', () => {
    const planted = withoutComments("const rows = db.query('SELECT id FROM torrents WHERE id = ?').all(1)\n")
    expect(planted.match(SQL_STATEMENT)?.[0]).toBe('SELECT i')
  })

  test('a comment that names SQL is not an offence', () => {
    expect(withoutComments('// PRAGMA wal_checkpoint keeps the log short\n/* SELECT * FROM x */').match(SQL_STATEMENT)).toBeNull()
  })
})
