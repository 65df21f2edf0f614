import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const made: string[] = []

/**
 * A fresh temp folder, removed when the whole test run ends (tests/support/preload.ts). Not with
 * `afterAll`: one registered from inside a `beforeAll` hook runs as soon as that hook ends, which
 * removed the data folder of every service a test started in `beforeAll` while it still ran.
 */
export function makeTempDir(prefix = 'indexer-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  made.push(dir)
  return dir
}

export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
}
