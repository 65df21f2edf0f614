/**
 * Keys remembered for a while, bounded in number: the hashes whose metadata fetch failed
 * recently, retried only after `ttlMs` (the swarm may have gained a peer by then). Insertion
 * order is expiry order, so the oldest entry is always first.
 */
export class ExpiringSet {
  private readonly expiries = new Map<string, number>()

  constructor(
    private readonly ttlMs: number,
    private readonly capacity: number,
  ) {}

  add(key: string, now: number): void {
    this.expiries.delete(key)
    this.expiries.set(key, now + this.ttlMs)
    if (this.expiries.size > this.capacity) this.expiries.delete(this.expiries.keys().next().value!)
  }

  has(key: string, now: number): boolean {
    const expiry = this.expiries.get(key)
    if (expiry === undefined) return false
    if (expiry > now) return true
    this.expiries.delete(key)
    return false
  }

  get size(): number {
    return this.expiries.size
  }
}
