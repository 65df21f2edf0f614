/**
 * Each exported name is declared in one file of src/ (issue 31 point 5): two things of one name
 * (the core's crawler and the thread's, the dashboard's wants table and the core's) send a reader
 * to the wrong one, and an import by name to the wrong one too. Re-exports are not declarations.
 */
import { describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const SRC = join(import.meta.dir, '..', 'src')
const DECLARATION =
  /^export\s+(?:declare\s+)?(?:async\s+)?(?:const|let|var|function\*?|class|abstract\s+class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm

/** Each exported name with the files of src/ that declare it. */
function declaredNames(): Map<string, string[]> {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((path) => /\.tsx?$/.test(path) && !path.endsWith('.d.ts'))
  const declared = new Map<string, string[]>()
  for (const file of files)
    for (const [, name] of readFileSync(join(SRC, file), 'utf8').matchAll(DECLARATION)) {
      const where = declared.get(name!) ?? []
      if (!where.includes(file)) where.push(file)
      declared.set(name!, where)
    }
  return declared
}

describe('exported names', () => {
  const declared = declaredNames()

  test('the scan sees the declarations of src/', () => {
    expect(declared.get('CONTENT_TYPES')).toEqual([join('vocabulary', 'content-types.ts')])
    expect(declared.get('SettingKey')).toEqual([join('vocabulary', 'settings.ts')])
    expect(declared.size).toBeGreaterThan(500)
  })

  test('no name is declared in two files', () => {
    const twice = [...declared].filter(([, files]) => files.length > 1).map(([name, files]) => `${name}: ${files.join(', ')}`)
    expect(twice).toEqual([])
  })
})
