/**
 * Remembers server message nonces for a time window (FACTS.md "Realtime": duplicates within 60 s are
 * dropped). Headless, with an injected clock so tests and the socket machine control time.
 */

/** How long a nonce is remembered. */
export const NONCE_MEMORY_MS = 60_000;

/** Nonces seen recently; `has` is a pure read, `remember` records a sighting. */
export class NonceMemory {
  // Insertion order is sighting order (a re-sighting is moved to the end), so expiry prunes from the front.
  private readonly seenAt = new Map<string, number>();

  constructor(
    private readonly now: () => number,
    private readonly windowMs = NONCE_MEMORY_MS,
  ) {}

  /** True when `nonce` was seen less than the window ago. */
  has(nonce: string): boolean {
    const at = this.seenAt.get(nonce);
    return at !== undefined && this.now() - at < this.windowMs;
  }

  /**
   * Records a sighting of `nonce` now. A re-sent duplicate refreshes the time, so a server retrying the
   * same message keeps it suppressed for a full window after its last attempt.
   */
  remember(nonce: string): void {
    const now = this.now();
    this.prune(now);
    this.seenAt.delete(nonce);
    this.seenAt.set(nonce, now);
  }

  /** How many nonces are held (expired ones leave on the next `remember`). */
  get size(): number {
    return this.seenAt.size;
  }

  private prune(now: number): void {
    for (const [nonce, at] of this.seenAt) {
      if (now - at < this.windowMs) break;
      this.seenAt.delete(nonce);
    }
  }
}
