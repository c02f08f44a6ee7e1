/**
 * Per-address admission: how many sockets each client address holds (both transports together) and how
 * fast it opens new ones. Memory stays bounded whatever the traffic: counts exist only for live sockets,
 * and handshake buckets are forgotten once full or, past a cap, oldest first.
 */
import type { RealtimeLimits } from './limits';
import { TokenBucket, TokenRate } from './tokenBucket';

/** Most handshake buckets kept; beyond it the oldest is forgotten (an attacker needs that many addresses). */
const MAX_TRACKED_ADDRESSES = 10_000;

/** Why an address may not open a socket now. */
export type AdmissionRefusal = 'too many sockets' | 'too many connections';

/** Live socket counts and handshake rates per client address. */
export class AddressBook {
  private readonly live = new Map<string, number>();
  private readonly handshakes = new Map<string, TokenBucket>();
  private readonly handshakeRate: TokenRate;

  constructor(
    private readonly limits: RealtimeLimits,
    now: () => number,
  ) {
    this.handshakeRate = new TokenRate(limits.handshakeBurst, limits.handshakesPerSecond, now);
  }

  /** Checks (and charges) a new connection attempt; undefined when it may go ahead. */
  admit(address: string): AdmissionRefusal | undefined {
    if ((this.live.get(address) ?? 0) >= this.limits.socketsPerAddress) return 'too many sockets';
    let bucket = this.handshakes.get(address);
    if (!bucket) {
      this.forgetIdle();
      bucket = new TokenBucket(this.handshakeRate);
      this.handshakes.set(address, bucket);
    }
    return bucket.take() ? undefined : 'too many connections';
  }

  /** Counts a socket that opened; false (nothing counted) when the address is already at its cap. */
  add(address: string): boolean {
    const n = this.live.get(address) ?? 0;
    if (n >= this.limits.socketsPerAddress) return false;
    this.live.set(address, n + 1);
    return true;
  }

  /** Uncounts a socket that closed. */
  remove(address: string): void {
    const n = (this.live.get(address) ?? 0) - 1;
    if (n > 0) this.live.set(address, n);
    else this.live.delete(address);
  }

  /** Live sockets of `address`. */
  count(address: string): number {
    return this.live.get(address) ?? 0;
  }

  private forgetIdle(): void {
    if (this.handshakes.size < MAX_TRACKED_ADDRESSES) return;
    for (const [address, bucket] of this.handshakes) if (bucket.full()) this.handshakes.delete(address);
    while (this.handshakes.size >= MAX_TRACKED_ADDRESSES) {
      const oldest = this.handshakes.keys().next().value;
      if (oldest === undefined) break;
      this.handshakes.delete(oldest);
    }
  }
}
