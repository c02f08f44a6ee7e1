/**
 * The attempt counters' stores: the database store on both engines (atomic upsert, bounded sweep), two
 * apps on one PostgreSQL database sharing one limit.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { DbRateStore, rateStoreFor, SWEEP_BATCH } from '../../src/server/http/rateLimitDbStore';
import { MemoryRateStore } from '../../src/server/http/rateLimitStore';
import { scaledRateLimits, type AuthRateLimits } from '../../src/server/http/rateLimit';
import { createMailer } from '../../src/server/mail/mailer';
import { sha256Hex } from '../../src/server/domain/auth/secrets';
import { createTestDb, dialectsFor, type TestDb } from '../support/testDb';
import { registerPlayer, startTestServer, TestClient, type TestServer } from '../support/server';

describe.each(dialectsFor(inject('pgAdminUrl')))('the rate_limits store on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect, inject('pgAdminUrl'));
  });
  afterAll(() => t?.destroy());

  it('counts in fixed windows with one atomic upsert, also under concurrency', async () => {
    const store = new DbRateStore(t.db.kysely, dialect);
    const key = sha256Hex('k1');
    expect(await store.hit(key, 1000, 10_000)).toEqual({ count: 1, resetAt: 11_000 });
    expect(await store.hit(key, 1000, 10_500)).toEqual({ count: 2, resetAt: 11_000 });
    // The window ended: a new one starts at 1.
    expect(await store.hit(key, 1000, 11_000)).toEqual({ count: 1, resetAt: 12_000 });
    const counts = await Promise.all(Array.from({ length: 20 }, () => store.hit(sha256Hex('k2'), 60_000, 20_000)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    await store.clear(key);
    expect((await store.hit(key, 1000, 11_100)).count).toBe(1);
  });

  it('sweeps expired windows in bounded batches and keeps live ones', async () => {
    const store = new DbRateStore(t.db.kysely, dialect);
    await t.db.kysely.deleteFrom('rate_limits').execute();
    const rows = Array.from({ length: SWEEP_BATCH + 200 }, (_, i) => ({
      key_hash: sha256Hex(`old${i}`),
      window_start: 0,
      hits: 1,
      expires_at: 1000,
    }));
    for (let i = 0; i < rows.length; i += 300)
      await t.db.kysely
        .insertInto('rate_limits')
        .values(rows.slice(i, i + 300))
        .execute();
    await store.hit(sha256Hex('live'), 60_000, 1000);
    expect(await store.size()).toBe(SWEEP_BATCH + 201);
    expect(await store.sweep(5000)).toBe(SWEEP_BATCH);
    expect(await store.sweep(5000)).toBe(200);
    expect(await store.sweep(5000)).toBe(0);
    expect(await store.size()).toBe(1);
  });

  it('is the store of a PostgreSQL deployment; SQLite counts in memory', () => {
    expect(rateStoreFor(t.db)).toBeInstanceOf(dialect === 'postgres' ? DbRateStore : MemoryRateStore);
  });
});

const rule = (max: number) => ({ max, windowMs: 60_000 });
const SHARED: AuthRateLimits = { ...scaledRateLimits(1000), login: { ip: rule(100), accountIp: rule(3), account: rule(100) } };

describe.each(dialectsFor(inject('pgAdminUrl')).filter((d) => d === 'postgres'))('two nodes on one %s database', (dialect) => {
  let s: TestServer;
  let second: Awaited<ReturnType<typeof createApp>>;
  let secondUrl = '';
  beforeAll(async () => {
    s = await startTestServer(dialect, inject('pgAdminUrl'), { rateLimits: SHARED });
    const mailer = createMailer({
      smtpUrl: s.smtp.url,
      from: s.config.mailFrom,
      dataDir: s.config.dataDir,
      log: { info: () => {}, error: () => {} },
    });
    second = await createApp({ config: s.config, db: s.testDb.db, mailer, clock: s.clock, rateLimits: SHARED });
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    secondUrl = `http://127.0.0.1:${(second.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await second?.app.close();
    await s?.close();
  });

  it('share one limit: attempts on either node count against the same counter', async () => {
    await registerPlayer(s, 'shared1');
    const a = s.client();
    const b = new TestClient(secondUrl);
    const attempt = (c: TestClient) => c.post('/api/auth/login', { username: 'playershared1@example.com', password: 'wrong-guess-1' });
    expect((await attempt(a)).status).toBe(422);
    expect((await attempt(b)).status).toBe(422);
    expect((await attempt(a)).status).toBe(422);
    expect((await attempt(b)).status).toBe(429);
    expect((await attempt(a)).status).toBe(429);
  });
});
