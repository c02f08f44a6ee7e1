/** The limiter and its memory store: bounded whatever clients send, hashed keys, nothing counted once refused. */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/server/domain/errors';
import { clientKey, RateLimiter, scaledRateLimits, type AuthRateLimits } from '../../../src/server/http/rateLimit';
import { MemoryRateStore, type RateCount, type RateStore } from '../../../src/server/http/rateLimitStore';

/** A memory store that also remembers every key it was given. */
class RecordingStore implements RateStore {
  readonly keys = new Set<string>();
  constructor(private readonly inner: MemoryRateStore) {}
  hit(key: string, windowMs: number, now: number): Promise<RateCount> {
    this.keys.add(key);
    return this.inner.hit(key, windowMs, now);
  }
  clear(key: string) {
    return this.inner.clear(key);
  }
  sweep(now: number) {
    return this.inner.sweep(now);
  }
  size() {
    return this.inner.size();
  }
}

const rule = (max: number) => ({ max, windowMs: 60_000 });
const LIMITS: AuthRateLimits = { ...scaledRateLimits(1), login: { ip: rule(3), accountIp: rule(2), account: rule(5) } };

async function status(p: Promise<void>): Promise<number> {
  try {
    await p;
    return 200;
  } catch (err) {
    if (err instanceof AppError) return err.status;
    throw err;
  }
}

describe('RateLimiter', () => {
  it('keeps memory bounded under many distinct huge e-mails, with fixed-size hashed keys', async () => {
    const store = new RecordingStore(new MemoryRateStore(500));
    const limiter = new RateLimiter(LIMITS, () => 0, store);
    const huge = 'e'.repeat(100_000);
    for (let i = 0; i < 3000; i++) await status(limiter.hit('login', `10.${i >> 8}.${i & 255}.1`, `${huge}${i}@example.com`));
    expect(await store.size()).toBe(500);
    expect(store.keys.size).toBe(9000);
    for (const k of store.keys) expect(k).toMatch(/^[0-9a-f]{64}$/);
    // 300 MB of e-mail text to normalise and hash: seconds on a busy shared machine, not the default 5.
  }, 60_000);

  it('creates no account counter once the address is refused, and answers it from memory', async () => {
    const store = new RecordingStore(new MemoryRateStore());
    const limiter = new RateLimiter(LIMITS, () => 0, store);
    for (let i = 0; i < 3; i++) expect(await status(limiter.hit('login', '192.0.2.1', `a${i}@example.com`))).toBe(200);
    const seen = store.keys.size;
    expect(await status(limiter.hit('login', '192.0.2.1', 'new@example.com'))).toBe(429);
    expect(store.keys.size).toBe(seen + 0);
    expect(await store.size()).toBe(7);
  });

  it('normalises the account: case, surrounding space and Unicode form are one account', async () => {
    const store = new RecordingStore(new MemoryRateStore());
    const limiter = new RateLimiter(LIMITS, () => 0, store);
    await limiter.hit('login', '192.0.2.2', 'Ama\u0301lia@Example.com');
    await limiter.hit('login', '192.0.2.2', '  am\u00e1lia@example.COM ');
    expect(await status(limiter.hit('login', '192.0.2.2', 'AMÁLIA@example.com'))).toBe(429);
  });

  it('skips the account-wide counter for a known device, and only then asks', async () => {
    const limiter = new RateLimiter(LIMITS, () => 0, new MemoryRateStore());
    let asked = 0;
    const known = async () => (asked++, true);
    for (let i = 0; i < 5; i++) await limiter.hit('login', `198.51.100.${i}`, 'v@example.com');
    expect(await status(limiter.hit('login', '198.51.100.9', 'v@example.com'))).toBe(429);
    expect(await status(limiter.hit('login', '198.51.100.9', 'v@example.com', known))).toBe(200);
    expect(asked).toBe(1);
  });
});

describe('clientKey', () => {
  it('counts IPv4 as is, IPv4-mapped as IPv4 and IPv6 per /64', () => {
    expect(clientKey('203.0.113.5')).toBe('203.0.113.5');
    expect(clientKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
