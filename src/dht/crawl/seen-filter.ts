/**
 * A Bloom filter of info hashes already indexed. Its size is fixed at start
 * (SERVICE_DHT_SEEN_FILTER_MB), so memory does not grow with the index; a hit is only "maybe",
 * and the caller confirms it against the database. Info hashes are SHA-1/SHA-256 output, so
 * their own bytes serve as the two hashes of the double-hashing scheme.
 */
const PROBES = 7

export class SeenFilter {
  private readonly bits: Uint8Array
  private readonly size: number
  private count = 0

  constructor(bytes: number) {
    this.bits = new Uint8Array(bytes)
    this.size = bytes * 8
  }

  add(hash: Uint8Array): void {
    const [a, b] = seeds(hash)
    for (let i = 0; i < PROBES; i++) {
      const bit = (a + i * b) % this.size
      this.bits[bit >>> 3]! |= 1 << (bit & 7)
    }
    this.count++
  }

  mightHave(hash: Uint8Array): boolean {
    const [a, b] = seeds(hash)
    for (let i = 0; i < PROBES; i++) {
      const bit = (a + i * b) % this.size
      if ((this.bits[bit >>> 3]! & (1 << (bit & 7))) === 0) return false
    }
    return true
  }

  /** Hashes added (with repeats); past ~size/10 the false-hit rate climbs above 1 %. */
  get added(): number {
    return this.count
  }
}

function seeds(hash: Uint8Array): [number, number] {
  const view = new DataView(hash.buffer, hash.byteOffset, hash.byteLength)
  // An odd step never cycles early, whatever the filter size.
  return [view.getUint32(0), (view.getUint32(4) | 1) >>> 0]
}
