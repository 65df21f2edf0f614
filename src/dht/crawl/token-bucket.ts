/**
 * A rate: `perSecond` tokens a second, bursting to `burst` (one second's worth unless given).
 * Every crawl query takes a token first, which is what keeps a home router's NAT table calm.
 */
export class TokenBucket {
  private tokens: number
  private refilledAt: number

  constructor(
    private readonly perSecond: number,
    now: number,
    private readonly burst = perSecond,
  ) {
    this.tokens = burst
    this.refilledAt = now
  }

  take(now: number): boolean {
    if (!this.canTake(now)) return false
    this.tokens--
    return true
  }

  /** Whether a token is there now, without taking it (for a query that needs two budgets' tokens). */
  canTake(now: number): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.refilledAt) / 1000) * this.perSecond)
    this.refilledAt = now
    return this.tokens >= 1
  }
}
