/**
 * Attempt limits of the auth calls, per client IP and per account (e-mail), in fixed windows kept in
 * memory (one server node; several nodes each count their own share).
 */
import { AppError } from '../domain/errors';

/** At most `max` attempts per `windowMs`. */
export interface RateRule {
  max: number;
  windowMs: number;
}

/** The limited calls. */
export type LimitedAction = 'login' | 'register' | 'resetRequest' | 'reset' | 'resend';

/** Per-IP and per-account rules of every limited call. */
export type AuthRateLimits = Record<LimitedAction, { ip: RateRule; account: RateRule }>;

const MIN = 60_000;

/** Production limits. */
export const DEFAULT_RATE_LIMITS: AuthRateLimits = {
  login: { ip: { max: 30, windowMs: 5 * MIN }, account: { max: 5, windowMs: MIN } },
  register: { ip: { max: 20, windowMs: 10 * MIN }, account: { max: 5, windowMs: 10 * MIN } },
  resetRequest: { ip: { max: 10, windowMs: 10 * MIN }, account: { max: 3, windowMs: 10 * MIN } },
  reset: { ip: { max: 10, windowMs: 10 * MIN }, account: { max: 5, windowMs: 10 * MIN } },
  resend: { ip: { max: 10, windowMs: 10 * MIN }, account: { max: 3, windowMs: 10 * MIN } },
};

/** The limits scaled by `factor` (RATE_LIMIT_FACTOR: e2e runs raise them, a factor of 0 is refused). */
export function scaledRateLimits(factor: number, base: AuthRateLimits = DEFAULT_RATE_LIMITS): AuthRateLimits {
  if (!(factor > 0)) throw new Error(`rate limit factor must be positive, got ${factor}`);
  const out = {} as AuthRateLimits;
  for (const [action, r] of Object.entries(base) as [LimitedAction, AuthRateLimits[LimitedAction]][]) {
    out[action] = {
      ip: { ...r.ip, max: Math.max(1, Math.round(r.ip.max * factor)) },
      account: { ...r.account, max: Math.max(1, Math.round(r.account.max * factor)) },
    };
  }
  return out;
}

/** The player-facing 429 text. */
export function tooManyAttempts(seconds: number): string {
  return `Too many attempts. Please try again in ${seconds} seconds.`;
}

interface Window {
  start: number;
  count: number;
  windowMs: number;
}

/** Counts attempts and refuses the ones over a limit with a 429. */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private nextSweep = 0;

  constructor(
    private readonly limits: AuthRateLimits,
    private readonly now: () => number,
  ) {}

  /** Counts one attempt of `action` by `ip` (and `account` when known); throws 429 when over a limit. */
  hit(action: LimitedAction, ip: string, account?: string): void {
    const t = this.now();
    this.sweep(t);
    const rules = this.limits[action];
    const wait = Math.max(
      this.count(`${action}|ip|${ip}`, rules.ip, t),
      account ? this.count(`${action}|acct|${account.trim().toLowerCase()}`, rules.account, t) : 0,
    );
    if (wait > 0) throw new AppError(429, tooManyAttempts(wait), undefined, { 'retry-after': String(wait) });
  }

  /** Forgets the account's attempts of `action` (after a successful login). */
  clear(action: LimitedAction, account: string): void {
    this.windows.delete(`${action}|acct|${account.trim().toLowerCase()}`);
  }

  /** Adds an attempt; returns 0 when allowed, else the seconds until the window ends. */
  private count(key: string, rule: RateRule, t: number): number {
    let w = this.windows.get(key);
    if (!w || t >= w.start + w.windowMs) {
      w = { start: t, count: 0, windowMs: rule.windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    if (w.count <= rule.max) return 0;
    return Math.max(1, Math.ceil((w.start + w.windowMs - t) / 1000));
  }

  private sweep(t: number): void {
    if (t < this.nextSweep) return;
    this.nextSweep = t + MIN;
    for (const [k, w] of this.windows) if (t >= w.start + w.windowMs) this.windows.delete(k);
  }
}
