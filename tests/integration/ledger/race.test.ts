/**
 * Races on both databases: concurrent double spends, identical retries, competing resolutions of one
 * pending transfer, and ring batches in both directions (lock cycles without sorted locking), in one
 * process (PostgreSQL pool of 10) and across processes (several children on the same database).
 * Expected: zero overdrafts, exactly-once effects, and no deadlock or serialization error surfacing.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { destroyQuietly } from './support/teardown';
import { createTestDb, dialectsFor, type TestDb } from '../../support/testDb';
import { systemClock } from '../../../src/server/clock';
import {
  checkLedger,
  createLedger,
  getAccount,
  isLedgerError,
  playerAccount,
  systemAccount,
  type Ledger,
} from '../../../src/server/ledger/index';
import { buildWorker, removeWorker } from './support/crashHarness';

let worker: string;
beforeAll(async () => {
  worker = await buildWorker();
});
afterAll(() => removeWorker(worker));

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e) => (isLedgerError(e) ? e.code : `error: ${(e as Error).message}`),
  );
const tally = (xs: string[]) => xs.reduce<Record<string, number>>((m, x) => ({ ...m, [x]: (m[x] ?? 0) + 1 }), {});

describe.each(dialectsFor(inject('pgAdminUrl')))('ledger races on %s', (dialect) => {
  let t: TestDb;
  let ledger: Ledger;
  let reserve: number;
  let nextUser = 100;

  /** Opens `n` fresh player accounts funded with `amount` each. */
  async function funded(n: number, amount: bigint): Promise<number[]> {
    const ids = await ledger.run(async (tx) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push(await playerAccount(tx, nextUser++, 'ANGLS'));
      return out;
    });
    await ledger.transferBatch(ids.map((id) => ({ id: `fund-${id}`, debit: reserve, credit: id, amount, code: 'fund' })));
    return ids;
  }

  beforeAll(async () => {
    t = await createTestDb(dialect, inject('pgAdminUrl'));
    ledger = createLedger(t.db, systemClock);
    const { ensureGenesis } = await import('../../../src/server/ledger/index');
    await ensureGenesis(t.db, systemClock);
    reserve = await ledger.run((tx) => systemAccount(tx, 'gscb_reserve', 'ANGLS'));
  });
  afterAll(async () => {
    const report = await checkLedger(t.db);
    expect(report.violations).toEqual([]);
    await destroyQuietly(t);
  });

  it('lets exactly as many concurrent spends through as the balance covers', async () => {
    const [spender, ...others] = await funded(5, 100n);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        outcome(ledger.transfer({ id: `spend-${i}`, debit: spender!, credit: others[i % 4]!, amount: 10n, code: 'race' })),
      ),
    );
    expect(tally(results)).toEqual({ ok: 10, exceeds_balance: 30 });
    expect((await getAccount(t.db.kysely, spender!))!.balance).toBe(0n);
  });

  it('applies concurrent identical retries exactly once', async () => {
    const [a, b] = await funded(2, 100n);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        ledger.transfer({ id: 'twin', debit: a!, credit: b!, amount: 60n, code: 'race' }).then((r) => (r.created ? 'created' : 'existing')),
      ),
    );
    expect(tally(results)).toEqual({ created: 1, existing: 19 });
    expect((await getAccount(t.db.kysely, a!))!.balance).toBe(40n);
  });

  it('resolves a pending transfer once when posts and voids race', async () => {
    const [a, b] = await funded(2, 100n);
    await ledger.transfer({ kind: 'pending', id: 'contested', debit: a!, credit: b!, amount: 80n, timeoutMs: 60_000, code: 'race' });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        outcome(
          ledger.transfer(
            i % 2 ? { kind: 'void', id: `res-${i}`, pendingId: 'contested' } : { kind: 'post', id: `res-${i}`, pendingId: 'contested' },
          ),
        ),
      ),
    );
    expect(tally(results)).toEqual({ ok: 1, pending_already_resolved: 11 });
    const [ra, rb] = [(await getAccount(t.db.kysely, a!))!, (await getAccount(t.db.kysely, b!))!];
    expect(ra.debitsPending + rb.creditsPending).toBe(0n);
    expect(ra.balance + rb.balance).toBe(200n);
  });

  it('runs ring batches both ways without deadlock errors or overdrafts', async () => {
    const ring = await funded(5, 60n);
    const results = await Promise.all(
      Array.from({ length: 120 }, (_, i) => {
        const n = ring.length;
        const a = i % n;
        const dir = i % 2 ? 1 : n - 1; // alternate directions: opposite lock orders without sorting
        return outcome(
          ledger.transferBatch([
            { id: `ring-${i}-a`, debit: ring[a]!, credit: ring[(a + dir) % n]!, amount: 7n, code: 'race' },
            { id: `ring-${i}-b`, debit: ring[(a + dir) % n]!, credit: ring[(a + 2 * dir) % n]!, amount: 5n, code: 'race' },
          ]),
        );
      }),
    );
    expect(Object.keys(tally(results)).filter((k) => k !== 'ok' && k !== 'exceeds_balance')).toEqual([]);
    let total = 0n;
    for (const id of ring) {
      const acc = (await getAccount(t.db.kysely, id))!;
      expect(acc.balance).toBeGreaterThanOrEqual(0n);
      total += acc.balance;
    }
    expect(total).toBe(300n);
  });

  it('holds across processes: three children draining the same accounts at once', async () => {
    const ring = await funded(4, 20n);
    const children = [1, 2, 3].map(
      (seed) =>
        new Promise<Record<string, number>>((resolve, reject) => {
          const child = spawn(process.execPath, [worker, 'race', dialect, t.location, String(seed), ring.join(','), '150'], {
            stdio: ['ignore', 'pipe', 'inherit'],
          });
          let done: Record<string, number> | undefined;
          createInterface({ input: child.stdout }).on('line', (line) => {
            if (line.startsWith('done ')) done = JSON.parse(line.slice(5));
          });
          child.on('exit', (code) => (code === 0 && done ? resolve(done) : reject(new Error(`race worker ${seed} exited ${code}`))));
        }),
    );
    const outcomes = await Promise.all(children);
    const merged: Record<string, number> = {};
    for (const o of outcomes) for (const [k, v] of Object.entries(o)) merged[k] = (merged[k] ?? 0) + v;
    console.info(`[ledger race] ${dialect} cross-process outcomes ${JSON.stringify(merged)}`);
    expect(Object.keys(merged).filter((k) => k !== 'ok' && k !== 'exceeds_balance')).toEqual([]);
    expect(merged.ok).toBeGreaterThan(0);
    expect(merged.exceeds_balance ?? 0, 'the accounts are small enough that some spends must be refused').toBeGreaterThan(0);
    let total = 0n;
    for (const id of ring) {
      const acc = (await getAccount(t.db.kysely, id))!;
      expect(acc.balance).toBeGreaterThanOrEqual(0n);
      total += acc.balance;
    }
    expect(total).toBe(80n);
  });
});
