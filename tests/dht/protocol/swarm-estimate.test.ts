import { describe, expect, test } from 'bun:test'
import { SwarmFilter } from '../../../src/dht/protocol/swarm-estimate'
import { scrapeFilter } from '../../support/dht-swarm'

describe('BEP 33 swarm estimates', () => {
  test('no filter means unknown, an empty one means none', () => {
    const swarm = new SwarmFilter()
    expect(swarm.estimate()).toBeNull()
    swarm.merge(Buffer.alloc(255))
    expect(swarm.estimate()).toBeNull()
    swarm.merge(Buffer.alloc(256))
    expect(swarm.estimate()).toBe(0)
  })

  test("the union of two nodes' filters estimates the distinct peers within a few percent", () => {
    const ips = Array.from({ length: 300 }, (_, i) => `10.${i >> 8}.${i & 255}.9`)
    const swarm = new SwarmFilter()
    swarm.merge(scrapeFilter(ips.slice(0, 200)))
    swarm.merge(scrapeFilter(ips.slice(100)))
    expect(Math.abs(swarm.estimate()! - 300)).toBeLessThan(30)
  })
})
