/**
 * Where attempt counters live. Keys arrive hashed (64 hex characters), so a counter costs the same
 * whatever a client sent. The memory store serves one process (SQLite); the database store
 * (rateLimitDbStore.ts) is shared by every node of a PostgreSQL deployment.
 */

/** A counter after an attempt: attempts in its window and when the window ends (epoch ms). */
export interface RateCount {
  count: number;
  resetAt: number;
}

/** Fixed-window counters by key. */
export interface RateStore {
  /** Adds one attempt to `key` (a new window of `windowMs` when none is running) and returns the counter. */
  hit(key: string, windowMs: number, now: number): Promise<RateCount>;
  /** Forgets `key`. */
  clear(key: string): Promise<void>;
  /** Deletes some expired counters (a bounded batch); returns how many. */
  sweep(now: number): Promise<number>;
  /** Number of counters kept (tests and drills check that it stays bounded). */
  size(): Promise<number>;
}

/** Counters kept in this process by default; beyond it the least recently hit counter is dropped. */
export const MEMORY_STORE_MAX_KEYS = 100_000;

/** A bounded in-memory store: at most `maxKeys` counters, least recently hit dropped first. */
export class MemoryRateStore implements RateStore {
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recent first.
  private readonly windows = new Map<string, RateCount>();

  constructor(private readonly maxKeys = MEMORY_STORE_MAX_KEYS) {}

  async hit(key: string, windowMs: number, now: number): Promise<RateCount> {
    let w = this.windows.get(key);
    if (!w || now >= w.resetAt) w = { count: 0, resetAt: now + windowMs };
    w.count += 1;
    this.windows.delete(key);
    this.windows.set(key, w);
    if (this.windows.size > this.maxKeys) this.evict(now);
    return { ...w };
  }

  async clear(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async sweep(now: number): Promise<number> {
    let n = 0;
    for (const [k, w] of this.windows) {
      if (now >= w.resetAt) {
        this.windows.delete(k);
        n++;
      }
    }
    return n;
  }

  async size(): Promise<number> {
    return this.windows.size;
  }

  // Expired counters go first; when every counter is live, the least recently hit one goes.
  private evict(now: number): void {
    for (const [k, w] of this.windows) {
      if (this.windows.size <= this.maxKeys) return;
      if (now >= w.resetAt) this.windows.delete(k);
      else break;
    }
    while (this.windows.size > this.maxKeys) {
      const oldest = this.windows.keys().next().value as string;
      this.windows.delete(oldest);
    }
  }
}
