/**
 * Tells when the DHT has gone quiet: no answer to any query for `limitMs` (the port is closed,
 * the link is down) is a warning once, and the first answer after it a recovery once.
 */
export class SilenceWatch {
  private silent = false

  constructor(
    private readonly limitMs: number,
    private readonly startedAt: number,
  ) {}

  /** `lastResponseAt` null means nothing has answered since start. */
  check(now: number, lastResponseAt: number | null): { warn: number } | 'recovered' | null {
    const quietFor = now - (lastResponseAt ?? this.startedAt)
    if (!this.silent && quietFor > this.limitMs) {
      this.silent = true
      return { warn: quietFor }
    }
    if (this.silent && quietFor <= this.limitMs) {
      this.silent = false
      return 'recovered'
    }
    return null
  }
}
