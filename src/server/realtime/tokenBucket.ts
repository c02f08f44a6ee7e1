/**
 * A bucket's size, refill rate and clock: one object for every bucket of a kind, so each bucket holds its
 * two changing numbers and one reference (there is a bucket or two per live socket).
 */
export class TokenRate {
  constructor(
    readonly burst: number,
    readonly perSecond: number,
    readonly now: () => number,
  ) {}
}

/** A token bucket on an injected clock: `burst` tokens, refilled at `perSecond` (both from its rate). */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(private readonly rate: TokenRate) {
    this.tokens = rate.burst;
    this.at = rate.now();
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
    return this.tokens >= this.rate.burst;
  }

  private refill(): void {
    const { burst, perSecond, now: clock } = this.rate;
    const now = clock();
    if (now > this.at) this.tokens = Math.min(burst, this.tokens + ((now - this.at) / 1000) * perSecond);
    this.at = now;
  }
}
