import { describe, expect, test } from 'bun:test'
import { ConfigError, loadConfig } from '../../src/config'

describe('SERVICE_STORAGE_LIMIT and SERVICE_BACKUP_*', () => {
  test('unset means no cap and no scheduled backups, every 24 h keeping 7 when a folder is given', () => {
    const config = loadConfig({})
    expect(config.storage).toEqual({ limitBytes: null })
    expect(config.backup).toEqual({ dir: null, intervalMs: 86_400_000, keep: 7 })
    expect(loadConfig({ SERVICE_BACKUP_DIR: '/backups', SERVICE_BACKUP_INTERVAL: '6h', SERVICE_BACKUP_KEEP: '3' }).backup).toEqual({
      dir: '/backups',
      intervalMs: 6 * 3_600_000,
      keep: 3,
    })
  })

  test.each([
    ['20GB', 20e9],
    ['20 gb', 20e9],
    ['500MiB', 500 * 2 ** 20],
    ['1.5TB', 1.5e12],
    ['2GiB', 2 * 2 ** 30],
    ['1MB', 1e6],
  ])('reads %s as %d bytes', (raw, bytes) => {
    expect(loadConfig({ SERVICE_STORAGE_LIMIT: raw }).storage.limitBytes).toBe(bytes)
  })

  test.each(['20', '20XB', '-1GB', 'GB', '0.5MB', '1e3GB', '20GB of disk'])('refuses %p, naming what it accepts', (raw) => {
    expect(() => loadConfig({ SERVICE_STORAGE_LIMIT: raw })).toThrow(ConfigError)
    expect(() => loadConfig({ SERVICE_STORAGE_LIMIT: raw })).toThrow(/SERVICE_STORAGE_LIMIT.*500MB, 20GB/)
  })

  test('refuses a keep of 0 and an interval without a unit', () => {
    expect(() => loadConfig({ SERVICE_BACKUP_KEEP: '0' })).toThrow(/SERVICE_BACKUP_KEEP/)
    expect(() => loadConfig({ SERVICE_BACKUP_INTERVAL: '24' })).toThrow(/SERVICE_BACKUP_INTERVAL/)
  })
})
