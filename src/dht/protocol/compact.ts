/**
 * BEP 5 compact encodings, read defensively: a remote node controls every byte, so entries of
 * the wrong length, port 0 and trailing bytes are dropped rather than trusted.
 */
export interface PeerAddress {
  host: string
  port: number
}

export interface NodeContact extends PeerAddress {
  /** 40 lowercase hex. */
  id: string
}

const NODE_LENGTH = 26
const PEER_LENGTH = 6

export function decodeCompactNodes(value: unknown): NodeContact[] {
  if (!(value instanceof Uint8Array)) return []
  const nodes: NodeContact[] = []
  for (let at = 0; at + NODE_LENGTH <= value.length; at += NODE_LENGTH) {
    const port = (value[at + 24]! << 8) | value[at + 25]!
    if (port === 0) continue
    nodes.push({ id: Buffer.from(value.subarray(at, at + 20)).toString('hex'), host: ipv4At(value, at + 20), port })
  }
  return nodes
}

/** `values` of a get_peers reply: a list of 6-byte strings. */
export function decodeCompactPeers(value: unknown): PeerAddress[] {
  if (!Array.isArray(value)) return []
  const peers: PeerAddress[] = []
  for (const entry of value) {
    if (!(entry instanceof Uint8Array) || entry.length !== PEER_LENGTH) continue
    const port = (entry[4]! << 8) | entry[5]!
    if (port !== 0) peers.push({ host: ipv4At(entry, 0), port })
  }
  return peers
}

/** `samples` of a BEP 51 reply: info hashes back to back; a ragged tail is discarded. */
export function decodeSamples(value: unknown): string[] {
  if (!(value instanceof Uint8Array)) return []
  const hashes: string[] = []
  for (let at = 0; at + 20 <= value.length; at += 20) hashes.push(Buffer.from(value.subarray(at, at + 20)).toString('hex'))
  return hashes
}

function ipv4At(bytes: Uint8Array, at: number): string {
  return `${bytes[at]}.${bytes[at + 1]}.${bytes[at + 2]}.${bytes[at + 3]}`
}
