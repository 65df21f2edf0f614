import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { variables } from '../src/config'
import { REPO_ROOT } from './support/processes'

describe('README', () => {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8')

  test('documents every environment variable the service reads', () => {
    const documented = [...readme.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((match) => match[1])
    expect(documented.sort()).toEqual(Object.keys(variables).sort())
  })

  test('gives the same defaults as the code', () => {
    for (const [name, declaration] of Object.entries(variables)) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${name}\` |`))!
      const shown = row.split('|')[2]!.trim()
      if (declaration.default === undefined) expect({ name, shown }).toEqual({ name, shown: '*(unset)*' })
      else if (shown.startsWith('`')) expect({ name, shown }).toEqual({ name, shown: `\`${declaration.default}\`` })
    }
  })

  test('its test command is the one CI runs', () => {
    const ci = readFileSync(join(REPO_ROOT, '.ci/run'), 'utf8')
    expect(readme).toContain('npx --yes bun@1.4.5 install && npx --yes bun@1.4.5 run test')
    expect(ci).toContain('BUN=(npx --yes bun@1.4.5)')
    expect(ci).toContain(`"$\{BUN[@]}" run test`)
  })
})
