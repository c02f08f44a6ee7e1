/**
 * Crash safety on both databases: a child applying random batches is SIGKILLed ≥ 50 times at random
 * moments; after each kill every acknowledged batch is stored whole, no batch is partial, the interrupted
 * batch is retried idempotently by the next child, and `checkLedger` holds. Seed: LEDGER_SEED.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { destroyQuietly } from './support/teardown';
import { createTestDb, dialectsFor, type TestDb } from '../../support/testDb';
import { buildWorker, crashLoop, prepareAccounts, removeWorker } from './support/crashHarness';

const seed = Number(process.env.LEDGER_SEED ?? Math.floor(Math.random() * 2 ** 31));
const kills = Number(process.env.LEDGER_CRASH_KILLS ?? 50);
let worker: string;

beforeAll(async () => {
  worker = await buildWorker();
});
afterAll(() => removeWorker(worker));

describe.each(dialectsFor(inject('pgAdminUrl')))('ledger crash safety on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect, inject('pgAdminUrl'));
  });
  afterAll(() => destroyQuietly(t));

  it(`keeps every acknowledged batch whole across ${kills} kill -9s`, async () => {
    console.info(`[ledger crash] ${dialect} seed=${seed} kills=${kills} (LEDGER_SEED=${seed} reproduces its batches and delays)`);
    const accounts = await prepareAccounts(t.db);
    // PostgreSQL commits take longer (network round trips): give its children more time before the kill.
    const maxDelayMs = dialect === 'postgres' ? 200 : 40;
    const stats = await crashLoop({ db: t.db, dialect, location: t.location, worker, accounts, kills, seed, maxDelayMs });
    console.info(`[ledger crash] ${dialect} ${JSON.stringify(stats)}`);
    expect(stats.kills).toBe(kills);
    // The schedule must actually have cut children off mid-stream and seen work acknowledged (most kills
    // come after a child's first one or two batches settled: crashHarness.ts).
    expect(stats.acked).toBeGreaterThan(0);
    expect(stats.interrupted).toBeGreaterThan(0);
  }, 120_000);
});
