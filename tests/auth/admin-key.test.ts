import { describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { hasAdminKey, resolveAdminKey } from '../../src/auth'
import { openIndex } from '../../src/store/sqlite'
import { makeTempDir } from '../support/temp-dir'
import { quietLog } from '../support/test-index'

describe('resolveAdminKey', () => {
  test('made once (64 hex characters) and kept: a second process on the same database reads the same key', () => {
    const path = join(makeTempDir('admin-key-'), 'index.db')
    const first = openIndex(path, quietLog)
    const second = openIndex(path, quietLog)
    const key = resolveAdminKey(first, undefined)
    expect(key).toMatch(/^[0-9a-f]{64}$/)
    expect(resolveAdminKey(second, undefined)).toBe(key)
    expect(resolveAdminKey(first, undefined)).toBe(key)
    expect(first.sqlite.query('SELECT count(*) AS n FROM core_admin_key').get()).toEqual({ n: 1 })
    first.close()
    second.close()
  })

  test('CORE_ADMIN_KEY wins and is not written', () => {
    const db = openIndex(join(makeTempDir('admin-key-'), 'index.db'), quietLog)
    expect(resolveAdminKey(db, 'configured-admin-key-0123456789')).toBe('configured-admin-key-0123456789')
    expect(db.sqlite.query('SELECT count(*) AS n FROM core_admin_key').get()).toEqual({ n: 0 })
    db.close()
  })
})

describe('hasAdminKey', () => {
  const request = (headers: Record<string, string>) => new Request('http://core/graphql', { headers })
  test('only the exact key in X-Core-Admin-Key', () => {
    const key = 'the-admin-key-0123456789'
    expect(hasAdminKey(request({ 'X-Core-Admin-Key': key }), key)).toBe(true)
    expect(hasAdminKey(request({ 'x-core-admin-key': `${key}x` }), key)).toBe(false)
    expect(hasAdminKey(request({ 'x-core-admin-key': key.slice(1) }), key)).toBe(false)
    expect(hasAdminKey(request({ authorization: `Bearer ${key}` }), key)).toBe(false)
    expect(hasAdminKey(request({}), key)).toBe(false)
  })
})
