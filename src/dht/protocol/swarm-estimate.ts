/**
 * BEP 33 DHT scrape: nodes answer `get_peers` with `scrape: 1` by adding two 256-byte Bloom
 * filters of the seeds (`BFsd`) and peers (`BFpe`) they know. The union over several nodes is
 * estimated back into a count with the formula of the BEP.
 */
const FILTER_BYTES = 256
const FILTER_BITS = FILTER_BYTES * 8

export class SwarmFilter {
  private readonly bits = new Uint8Array(FILTER_BYTES)
  private merged = 0

  /** ORs a node's filter in; anything that is not exactly 256 bytes is ignored. */
  merge(filter: unknown): void {
    if (!(filter instanceof Uint8Array) || filter.length !== FILTER_BYTES) return
    for (let i = 0; i < FILTER_BYTES; i++) this.bits[i]! |= filter[i]!
    this.merged++
  }

  /** Whether any node has sent a filter yet. */
  get hasFilters(): boolean {
    return this.merged > 0
  }

  /** null when no node sent a filter: unknown, never a placeholder 0. */
  estimate(): number | null {
    if (this.merged === 0) return null
    let zeros = 0
    for (const byte of this.bits) zeros += 8 - popcount(byte)
    // A saturated filter only says "very many"; BEP 33 caps its estimate the same way.
    const c = Math.max(zeros, 1)
    return Math.max(0, Math.round(Math.log(c / FILTER_BITS) / (2 * Math.log(1 - 1 / FILTER_BITS))))
  }
}

function popcount(byte: number): number {
  let count = 0
  for (let b = byte; b; b &= b - 1) count++
  return count
}
