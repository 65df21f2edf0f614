import { TokenBucket } from './token-bucket'

/** Per node: a query a second on average, bursts of 20 (a node joining asks several at once). */
const PER_ADDRESS_PER_SECOND = 1
const PER_ADDRESS_BURST = 20
/** Addresses remembered; past it the oldest is forgotten (it starts again with a full bucket). */
const ADDRESSES = 10_000

/**
 * Queries other nodes send us, limited per source node, so one flooding node cannot make the
 * crawler spend its thread answering it. Over the limit a query is dropped unanswered, as a
 * busy node would; well-behaved nodes (a few queries a minute) never reach it.
 */
export class QueryLimiter {
  private readonly buckets = new Map<string, TokenBucket>()

  allow(address: string, now: number): boolean {
    let bucket = this.buckets.get(address)
    if (!bucket) {
      if (this.buckets.size >= ADDRESSES) this.buckets.delete(this.buckets.keys().next().value!)
      bucket = new TokenBucket(PER_ADDRESS_PER_SECOND, now, PER_ADDRESS_BURST)
      this.buckets.set(address, bucket)
    }
    return bucket.take(now)
  }
}
