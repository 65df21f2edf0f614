import { describe, expect, test } from 'bun:test'
import { backupFileName, expiredBackups, parseBackupFileName } from '../../src/backup'

describe('backup file names', () => {
  test('name the store and the UTC second, and read back', () => {
    const name = backupFileName('index', new Date('2026-11-24T03:15:07.123Z'))
    expect(name).toBe('index-20261124T031507Z.db')
    expect(parseBackupFileName(name)).toEqual({ kind: 'index', stamp: '20261124T031507Z' })
    expect(parseBackupFileName('index-20261124T031507Z.db.partial')).toBeNull()
    expect(parseBackupFileName('index.db')).toBeNull()
    expect(parseBackupFileName('other-20261124T031507Z.db')).toBeNull()
  })

  test('the expired are those beyond the newest `keep` of each store; other files never are', () => {
    const names = [
      'index-20261122T000000Z.db',
      'dashboard-20261122T000000Z.db',
      'index-20261124T000000Z.db',
      'index-20261123T000000Z.db',
      'dashboard-20261124T000000Z.db',
      'notes.txt',
      'index-20261101T000000Z.db.partial',
    ]
    expect(expiredBackups(names, 2)).toEqual(['index-20261122T000000Z.db'])
    expect(expiredBackups(names, 1)).toEqual(['index-20261122T000000Z.db', 'index-20261123T000000Z.db', 'dashboard-20261122T000000Z.db'])
    expect(expiredBackups(names, 5)).toEqual([])
  })
})
