import { describe, expect, test } from 'bun:test'
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { REPO_ROOT } from './support/processes'
import { makeTempDir } from './support/temp-dir'

/** Three checkers over the whole of src/ and views/: about a minute on a loaded 2-core machine, so room for several. */
const LINT_RUN_MS = 300_000

/** One way to break the house, the file that breaks it, and the rule the lint must name. */
interface Violation {
  what: string
  file: string
  source: string
  rule: string
}

const violations: Violation[] = [
  {
    what: 'a pure domain file reads Bun.env',
    file: 'src/classify/injected-env.ts',
    source: 'export const injectedEnv = Bun.env.INJECTED\n',
    rule: 'noRestrictedGlobals',
  },
  {
    what: 'a service imports the HTTP framework',
    file: 'src/queue/injected-service.ts',
    source: "import { t } from 'elysia'\n\nexport const injectedSchema = t.String()\n",
    rule: 'services-without-http-framework',
  },
  {
    what: 'a pure domain file reaches storage through another module',
    file: 'src/metainfo/injected-pure.ts',
    source: "import { Database } from 'bun:sqlite'\n\nexport const injectedDatabase = Database\n",
    rule: 'pure-domain',
  },
  {
    what: 'a capability reaches inside another',
    file: 'src/wants/injected-reach.ts',
    source: "import * as injectedCleaning from '../classify/release-name/clean-name'\n\nexport { injectedCleaning }\n",
    rule: 'capability-through-index',
  },
  {
    what: 'two files import each other',
    file: 'src/queue/injected-circle-a.ts',
    source: "import { injectedB } from './injected-circle-b'\n\nexport const injectedA = (): number => injectedB() + 1\n",
    rule: 'no-circular',
  },
  {
    what: 'the dashboard reaches a core capability',
    file: 'src/dashboard/library/injected-core.ts',
    source: "import * as injectedSearch from '../../search'\n\nexport { injectedSearch }\n",
    rule: 'dashboard-through-core-client',
  },
  {
    what: 'a service imports the database driver',
    file: 'src/queue/injected-sql-service.ts',
    source: "import { Database } from 'bun:sqlite'\n\nexport const injectedDriver = Database\n",
    rule: 'storage-only-in-store',
  },
  {
    what: 'a capability opens the store',
    file: 'src/wants/injected-store.ts',
    source: "import * as injectedStore from '../store'\n\nexport { injectedStore }\n",
    rule: 'store-only-from-composition-roots',
  },
  {
    what: 'a view reaches a dashboard service',
    file: 'views/partials/injected-service.tsx',
    source: "import * as injectedLibrary from '../../src/dashboard/library'\n\nexport { injectedLibrary }\n",
    rule: 'views-one-way',
  },
  {
    what: 'a view reaches the store',
    file: 'views/partials/injected-store.tsx',
    source: "import * as injectedStore from '../../src/dashboard/store'\n\nexport { injectedStore }\n",
    rule: 'views-one-way',
  },
  {
    what: 'a dashboard feature reaches into another',
    file: 'src/dashboard/wants/injected-reach.ts',
    source: "import * as injectedLibrary from '../library/service'\n\nexport { injectedLibrary }\n",
    rule: 'dashboard-feature-through-index',
  },
]

/** The other half of the circle; it is the first file the lint must name for it. */
const circleOtherHalf = {
  file: 'src/queue/injected-circle-b.ts',
  source: "import { injectedA } from './injected-circle-a'\n\nexport const injectedB = (): number => (injectedA ? 1 : 0)\n",
}

/** A copy of what the lint reads, with node_modules shared, so injecting never touches the checkout. */
function copyOfProject(): string {
  const copy = makeTempDir('lint-boundaries-')
  for (const entry of ['src', 'views']) cpSync(join(REPO_ROOT, entry), join(copy, entry), { recursive: true })
  for (const file of [
    'package.json',
    'biome.json',
    'tsconfig.json',
    '.gitignore',
    '.dependency-cruiser.cjs',
    '.dependency-cruiser-runtime.cjs',
  ]) {
    cpSync(join(REPO_ROOT, file), join(copy, file))
  }
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(copy, 'node_modules'))
  return copy
}

/**
 * Runs every command of `bun run lint` on its own (the script stops at the first that fails; here
 * every checker must speak) and returns whether any failed, with all they printed.
 */
function lint(dir: string): { failed: boolean; output: string } {
  const script: string = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts.lint
  let failed = false
  let output = ''
  for (const command of script.split(' && ')) {
    const run = Bun.spawnSync(['sh', '-c', command], {
      cwd: dir,
      env: { ...process.env, NO_COLOR: '1', PATH: `${join(dir, 'node_modules/.bin')}:${process.env.PATH}` },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    failed ||= run.exitCode !== 0
    output += `${run.stdout.toString()}\n${run.stderr.toString()}\n`
  }
  return { failed, output }
}

// The project as it is passes `bun run lint`, which `bun run test` runs first: not repeated here.
describe('the lint guards the boundaries of the house', () => {
  test(
    'each kind of violation injected into a copy fails the lint, naming the file and the rule',
    () => {
      const copy = copyOfProject()
      for (const { file, source } of [...violations, circleOtherHalf]) {
        mkdirSync(dirname(join(copy, file)), { recursive: true })
        writeFileSync(join(copy, file), source)
      }
      const { failed, output } = lint(copy)
      expect(failed).toBe(true)
      const unnamed = violations.filter(({ file, rule }) => !output.split('\n').some((line) => line.includes(file) && line.includes(rule)))
      // Biome names the rule on the file's line (lint/style/noRestrictedGlobals); the dependency checkers print "rule: file → target".
      expect(unnamed.map(({ what }) => what)).toEqual([])
    },
    LINT_RUN_MS,
  )
})
