/** Decoding the compact node, peer and sample strings remote nodes send. */
import { describe, expect, test } from 'bun:test'
import { randomBytes } from 'node:crypto'
import { decodeCompactNodes, decodeCompactPeers, decodeSamples } from '../../../src/dht/protocol/compact'

describe('compact encodings from remote nodes', () => {
  test('nodes: 26-byte entries; ragged tails, port 0 and non-strings are dropped', () => {
    const id = randomBytes(20)
    const entry = Buffer.concat([id, Buffer.from([10, 0, 0, 7]), Buffer.from([0x1a, 0xe1])])
    const portZero = Buffer.concat([randomBytes(20), Buffer.from([1, 2, 3, 4, 0, 0])])
    expect(decodeCompactNodes(Buffer.concat([entry, portZero, Buffer.from([1, 2, 3])]))).toEqual([
      { id: id.toString('hex'), host: '10.0.0.7', port: 6881 },
    ])
    expect(decodeCompactNodes('nodes')).toEqual([])
    expect(decodeCompactNodes([entry])).toEqual([])
  })

  test('peers: only 6-byte strings count', () => {
    expect(
      decodeCompactPeers([Buffer.from([127, 0, 0, 1, 0x1f, 0x90]), Buffer.from([1, 2, 3]), 42, Buffer.from([1, 1, 1, 1, 0, 0])]),
    ).toEqual([{ host: '127.0.0.1', port: 8080 }])
    expect(decodeCompactPeers(Buffer.alloc(6))).toEqual([])
  })

  test('samples: whole 20-byte hashes only', () => {
    const a = randomBytes(20)
    const b = randomBytes(20)
    expect(decodeSamples(Buffer.concat([a, b, Buffer.alloc(7)]))).toEqual([a.toString('hex'), b.toString('hex')])
    expect(decodeSamples(12)).toEqual([])
  })
})
