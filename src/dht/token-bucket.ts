/**
 * The query budget: `perSecond` tokens a second, bursting to one second's worth. Every crawl
 * query takes a token first, which is what keeps a home router's NAT table calm.
 */
export class TokenBucket {
  private tokens: number
  private refilledAt: number

  constructor(
    private readonly perSecond: number,
    now: number,
  ) {
    this.tokens = perSecond
    this.refilledAt = now
  }

  take(now: number): boolean {
    this.tokens = Math.min(this.perSecond, this.tokens + ((now - this.refilledAt) / 1000) * this.perSecond)
    this.refilledAt = now
    if (this.tokens < 1) return false
    this.tokens--
    return true
  }
}
