import { describe, expect, test } from 'bun:test'
import { NodeTable } from '../../../src/dht/crawl/node-table'

describe('the crawl table', () => {
  test('holds at most its capacity, replacing nodes that never answered', () => {
    const table = new NodeTable(2)
    expect(table.add({ host: '10.0.0.1', port: 1 }, 0)).toBe(true)
    expect(table.add({ host: '10.0.0.2', port: 1 }, 0)).toBe(true)
    expect(table.add({ host: '10.0.0.3', port: 1 }, 0)).toBe(false)
    table.get({ host: '10.0.0.1', port: 1 })!.queriedAt = 5
    expect(table.add({ host: '10.0.0.3', port: 1 }, 0)).toBe(true)
    expect(table.size).toBe(2)
    expect(table.get({ host: '10.0.0.1', port: 1 })).toBeUndefined()
  })

  test('samples only nodes that answered and whose interval has passed; two failures drop a node', () => {
    const table = new NodeTable(10)
    const a = { host: '10.0.0.1', port: 1 }
    const b = { host: '10.0.0.2', port: 1 }
    table.add(a, 0)
    table.add(b, 0)
    expect(table.dueForSampling(100, 10)).toEqual([])
    table.responded(a, 'aa'.repeat(20), 50)
    expect(table.dueForSampling(100, 10).map((node) => node.host)).toEqual(['10.0.0.1'])
    table.get(a)!.nextSampleAt = 200
    expect(table.dueForSampling(100, 10)).toEqual([])
    table.failed(b)
    expect(table.size).toBe(2)
    table.failed(b)
    expect(table.size).toBe(1)
    expect(table.responsive(10)).toEqual([{ id: 'aa'.repeat(20), host: '10.0.0.1', port: 1 }])
  })
})
