import { afterAll } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A fresh temp folder, removed when the test file ends. */
export function makeTempDir(prefix = 'indexer-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}
