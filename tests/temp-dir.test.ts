import { beforeAll, describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { makeTempDir } from './support/temp-dir'

describe('makeTempDir', () => {
  let madeInHook = ''
  beforeAll(() => {
    madeInHook = makeTempDir('probe-temp-dir-')
  })

  test('a folder made in a beforeAll hook outlives the hook', () => {
    expect(existsSync(madeInHook)).toBe(true)
  })
})
