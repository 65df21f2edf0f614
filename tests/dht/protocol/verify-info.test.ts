import { describe, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import { infoMatchesHash } from '../../../src/dht/protocol/verify-info'
import { fixtureInfoDicts } from '../../support/fixture-info-dicts'

describe('verifying a fetched info dict', () => {
  const infos = fixtureInfoDicts()
  const [, secondHash] = [...infos.keys()]
  const secondInfo = infos.get(secondHash!)

  test('verification takes SHA-1 or the truncated SHA-256 and nothing else', () => {
    const info = secondInfo!
    expect(infoMatchesHash(info, createHash('sha1').update(info).digest('hex'))).toBe(true)
    expect(infoMatchesHash(info, createHash('sha256').update(info).digest('hex').slice(0, 40))).toBe(true)
    expect(infoMatchesHash(info, 'ab'.repeat(20))).toBe(false)
  })
})
