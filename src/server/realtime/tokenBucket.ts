/** A token bucket on an injected clock: `burst` tokens, refilled at `perSecond`. */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    private readonly now: () => number,
  ) {
    this.tokens = burst;
    this.at = now();
  }

  /** Takes one token; false (and nothing taken) when the bucket is empty. */
  take(): boolean {
    this.refill();
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** True when the bucket is full again (its owner may forget it). */
  full(): boolean {
    this.refill();
    return this.tokens >= this.burst;
  }

  private refill(): void {
    const now = this.now();
    if (now > this.at) this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
  }
}
