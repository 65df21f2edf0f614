import { describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadCrawlerState, saveCrawlerState } from '../../../src/dht/crawl/state-file'
import { makeTempDir } from '../../support/temp-dir'

const dir = makeTempDir('dht-state-file-')

describe('the saved state', () => {
  test('round-trips, and a damaged file means a fresh start with the reason', () => {
    const path = join(dir, 'state.json')
    const node = { id: 'ab'.repeat(20), host: '10.1.2.3', port: 6881 }
    saveCrawlerState(path, { nodeId: 'cd'.repeat(20), nodes: [node, { id: 'short', host: 'x', port: 1 } as never] })
    expect(loadCrawlerState(path)).toEqual({ state: { nodeId: 'cd'.repeat(20), nodes: [node] }, problem: null })
    writeFileSync(path, '{"nodeId": 12')
    const damaged = loadCrawlerState(path)
    expect(damaged.state.nodes).toEqual([])
    expect(damaged.state.nodeId).toMatch(/^[0-9a-f]{40}$/)
    expect(damaged.problem).toContain('state.json')
    expect(loadCrawlerState(join(dir, 'missing.json')).problem).toBeNull()
  })
})
