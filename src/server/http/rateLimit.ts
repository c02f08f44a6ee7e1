/**
 * Attempt limits of the auth calls, in fixed windows kept by a `RateStore` (memory on SQLite, the
 * `rate_limits` table on PostgreSQL so every node shares them).
 *
 * Per call up to three counters, checked in this order and each only when the one before allowed:
 * - `ip`: every attempt from one client address (an IPv6 /64 counts as one address);
 * - `accountIp`: attempts on one account from one address: the tight brute-force limit, which an
 *   attacker elsewhere cannot fill for the owner;
 * - `account`: attempts on one account from anywhere, much higher, so brute force spread over many
 *   addresses stays bounded; a login from a device the account logged in on before skips it, so
 *   nobody can lock its owner out.
 * Keys are SHA-256 of the action, the kind and the normalised value: bounded memory whatever a client
 * sends. A refused address counts nothing more: no account counter is created for it, and this node
 * refuses it from memory until its window ends, without asking the store.
 */
import { AppError } from '../domain/errors';
import { sha256Hex } from '../domain/auth/secrets';
import { normalizeEmail } from '../domain/users/userRepo';
import type { RateStore } from './rateLimitStore';

/** At most `max` attempts per `windowMs`. */
export interface RateRule {
  max: number;
  windowMs: number;
}

/**
 * The limited calls (`resetMail`: reset mails per address, which never refuses, only stops mailing;
 * `factor`: second-factor codes, at login and for a fresh proof).
 */
export type LimitedAction = 'login' | 'register' | 'resetRequest' | 'resetMail' | 'reset' | 'resend' | 'factor';

/** The counters of one call (see the module comment). */
export interface ActionRules {
  ip?: RateRule;
  accountIp?: RateRule;
  account?: RateRule;
}

/** The rules of every limited call. */
export type AuthRateLimits = Record<LimitedAction, ActionRules>;

const MIN = 60_000;

/** Largest body an auth call accepts (bytes): its fields are short, and a bigger body costs before any limit. */
export const AUTH_BODY_LIMIT = 16 * 1024;

/** Production limits. */
export const DEFAULT_RATE_LIMITS: AuthRateLimits = {
  // One address: 10 guesses per account per 15 min; all addresses together: 100 per account per hour
  // (2,400 a day, against passwords that are not on the common list), never for a known device.
  login: { ip: { max: 30, windowMs: 5 * MIN }, accountIp: { max: 10, windowMs: 15 * MIN }, account: { max: 100, windowMs: 60 * MIN } },
  register: { ip: { max: 20, windowMs: 10 * MIN }, accountIp: { max: 5, windowMs: 10 * MIN } },
  resetRequest: { ip: { max: 10, windowMs: 10 * MIN } },
  resetMail: { account: { max: 3, windowMs: 10 * MIN } },
  // Reset tokens are 256-bit: the per-address limits are plenty, an account-wide one would only let
  // strangers block the owner.
  reset: { ip: { max: 10, windowMs: 10 * MIN }, accountIp: { max: 5, windowMs: 10 * MIN } },
  resend: { ip: { max: 10, windowMs: 10 * MIN }, account: { max: 3, windowMs: 10 * MIN } },
  // A 6-digit code: 10 guesses per account and address per 15 min, 30 an hour from anywhere (a known
  // device skips that one): about one chance in 30,000 a day of guessing into an account.
  factor: { ip: { max: 30, windowMs: 5 * MIN }, accountIp: { max: 10, windowMs: 15 * MIN }, account: { max: 30, windowMs: 60 * MIN } },
};

/** The limits scaled by `factor` (RATE_LIMIT_FACTOR: e2e runs raise them, a factor of 0 is refused). */
export function scaledRateLimits(factor: number, base: AuthRateLimits = DEFAULT_RATE_LIMITS): AuthRateLimits {
  if (!(factor > 0)) throw new Error(`rate limit factor must be positive, got ${factor}`);
  const scale = (r: RateRule | undefined) => r && { ...r, max: Math.max(1, Math.round(r.max * factor)) };
  const out = {} as AuthRateLimits;
  for (const [action, r] of Object.entries(base) as [LimitedAction, ActionRules][]) {
    out[action] = { ip: scale(r.ip), accountIp: scale(r.accountIp), account: scale(r.account) };
  }
  return out;
}

/** The player-facing 429 text. */
export function tooManyAttempts(seconds: number): string {
  return `Too many attempts. Please try again in ${seconds} seconds.`;
}

/** The address a limit counts: IPv4 as is (also when IPv4-mapped), IPv6 by its /64 (one subscriber). */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const bare = ip.split('%')[0]!.toLowerCase();
  const [head = '', tail] = bare.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Addresses this node refuses from memory, at most this many (the oldest forgotten first). */
const BLOCKED_MAX = 10_000;
/** Expired counters are swept this often (a bounded batch each time). */
const SWEEP_EVERY_MS = MIN;

/** Where the limiter reports a failed sweep. */
export interface RateLimitLog {
  error(obj: object, msg: string): void;
}

/** Counts attempts and refuses the ones over a limit with a 429. */
export class RateLimiter {
  private readonly blocked = new Map<string, number>();
  private nextSweep = 0;

  constructor(
    private readonly limits: AuthRateLimits,
    private readonly now: () => number,
    /** The counters; exposed so tests can check that they stay bounded. */
    readonly store: RateStore,
    private readonly log?: RateLimitLog,
  ) {}

  /**
   * Counts one attempt of `action` from `ip` on `account` (an e-mail, when the call names one); throws 429
   * when a counter is over its limit. `knownDevice` is asked only when the account-wide counter is reached.
   */
  async hit(action: LimitedAction, ip: string, account?: string, knownDevice?: () => Promise<boolean>): Promise<void> {
    const t = this.now();
    this.maybeSweep(t);
    const rules = this.limits[action];
    const refuse = (wait: number) => {
      if (wait > 0) throw new AppError(429, tooManyAttempts(wait), undefined, { 'retry-after': String(wait) });
    };
    if (rules.ip) refuse(await this.count(this.key(action, 'ip', clientKey(ip)), rules.ip, t));
    if (account === undefined) return;
    if (rules.accountIp) refuse(await this.count(this.accountIpKey(action, ip, account), rules.accountIp, t));
    if (rules.account && !(knownDevice && (await knownDevice())))
      refuse(await this.count(this.accountKey(action, account), rules.account, t));
  }

  /** Counts one use of `account`'s quota of `action`; false when it is used up (nothing is thrown). */
  async allow(action: LimitedAction, account: string): Promise<boolean> {
    const rule = this.limits[action].account;
    if (!rule) return true;
    const t = this.now();
    this.maybeSweep(t);
    return (await this.count(this.accountKey(action, account), rule, t)) === 0;
  }

  /** Forgets the attempts on `account` from `ip` (after a successful login); the account-wide count stays. */
  async clear(action: LimitedAction, ip: string, account: string): Promise<void> {
    const key = this.accountIpKey(action, ip, account);
    this.blocked.delete(key);
    await this.store.clear(key);
  }

  private key(action: LimitedAction, kind: string, value: string): string {
    return sha256Hex(`${action}\u0000${kind}\u0000${value}`);
  }

  private accountKey(action: LimitedAction, account: string): string {
    return this.key(action, 'account', normalizeEmail(account));
  }

  private accountIpKey(action: LimitedAction, ip: string, account: string): string {
    return this.key(action, 'accountIp', `${clientKey(ip)}\u0000${normalizeEmail(account)}`);
  }

  /** Adds an attempt; returns 0 when allowed, else the seconds until the window ends. */
  private async count(key: string, rule: RateRule, t: number): Promise<number> {
    const until = this.blocked.get(key);
    if (until !== undefined) {
      if (t < until) return Math.max(1, Math.ceil((until - t) / 1000));
      this.blocked.delete(key);
    }
    const { count, resetAt } = await this.store.hit(key, rule.windowMs, t);
    if (count <= rule.max) return 0;
    this.blocked.set(key, resetAt);
    if (this.blocked.size > BLOCKED_MAX) this.blocked.delete(this.blocked.keys().next().value as string);
    return Math.max(1, Math.ceil((resetAt - t) / 1000));
  }

  private maybeSweep(t: number): void {
    if (t < this.nextSweep) return;
    this.nextSweep = t + SWEEP_EVERY_MS;
    for (const [k, until] of this.blocked) if (t >= until) this.blocked.delete(k);
    this.store.sweep(t).catch((err: unknown) => this.log?.error({ err }, 'rate limit sweep failed'));
  }
}
