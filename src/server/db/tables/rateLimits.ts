/** Attempt counters shared by every server node (PostgreSQL): one fixed window per hashed key. */

/** One counter: SHA-256 of the limited key, its window and how many attempts fell in it. */
export interface RateLimitsTable {
  key_hash: string;
  window_start: number;
  hits: number;
  /** End of the window (epoch ms): the counter restarts after it and the sweep deletes it. */
  expires_at: number;
}

/** The rate-limit tables. */
export interface RateLimitTables {
  rate_limits: RateLimitsTable;
}
