import { describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { hasAdminKey, resolveAdminKey } from '../../src/auth'
import { openSqliteStore } from '../../src/store/sqlite'
import { makeTempDir } from '../support/temp-dir'
import { quietLog, sqliteOf } from '../support/test-index'

describe('resolveAdminKey', () => {
  test('made once (64 hex characters) and kept: a second process on the same database reads the same key', async () => {
    const path = join(makeTempDir('admin-key-'), 'index.db')
    const first = openSqliteStore({ path }, { log: quietLog })
    const second = openSqliteStore({ path }, { log: quietLog })
    const key = await resolveAdminKey(first.adminKey, undefined)
    expect(key).toMatch(/^[0-9a-f]{64}$/)
    expect(await resolveAdminKey(second.adminKey, undefined)).toBe(key)
    expect(await resolveAdminKey(first.adminKey, undefined)).toBe(key)
    expect(sqliteOf(first).sqlite.query('SELECT count(*) AS n FROM core_admin_key').get()).toEqual({ n: 1 })
    await first.close()
    await second.close()
  })

  test('CORE_ADMIN_KEY wins and is not written', async () => {
    const store = openSqliteStore({ path: join(makeTempDir('admin-key-'), 'index.db') }, { log: quietLog })
    expect(await resolveAdminKey(store.adminKey, 'configured-admin-key-0123456789')).toBe('configured-admin-key-0123456789')
    expect(sqliteOf(store).sqlite.query('SELECT count(*) AS n FROM core_admin_key').get()).toEqual({ n: 0 })
    await store.close()
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
